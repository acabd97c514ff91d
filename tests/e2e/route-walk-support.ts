import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ConsoleInfo } from '../support/console';
import { issueCredential, partnerToken } from '../support/oauth';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import { call, connectedStudy, pdf } from './documents-support';
import {
  axeViolations,
  LANGUAGES,
  partnerApi,
  sendDocument,
  sidewaysFinding,
  widenTo,
  WIDTHS,
} from './journey-support';
import { consoleOf, enrolledAdmin, signInThroughUi } from './session-support';

/**
 * Issue 37's walk: every route of the console's router, as each role, in each language, at
 * each width, checked for what a person must never meet (route-walk-*.spec.ts). The routes are
 * the web app's path table (web/src/config/*-paths.ts); the walk names each one, and a path the
 * table has and the walk does not fails the walk (ROUTES below is checked against it).
 */

export type Role = 'visitor' | 'PlatformAdmin' | 'OrgAdmin' | 'Auditor';

/** What the walk's routes need: records of every kind, ids of each, in one site's reach. */
export interface WalkData {
  admin: EnrolledTestUser;
  orgAdmin: EnrolledTestUser;
  auditor: EnrolledTestUser;
  siteId: string;
  sponsorId: string;
  studyId: string;
  systemId: string;
  documentId: string;
  distributionId: string;
  standardId: string;
}

/**
 * A sponsor and a site with a connected study, each side's standard published, a document the
 * sponsor's system sent (delivered to the site) and distributed; an OrgAdmin and an Auditor of
 * the site. Names are German or codes: an English sentence the walk finds is the console's own.
 */
export const walkData = async (c: ConsoleInfo): Promise<WalkData> => {
  const tag = randomUUID().slice(0, 6);
  const admin = await enrolledAdmin(c);
  const {
    sponsorId,
    siteId,
    etmf,
    eisf,
    study,
    connection,
    siteAdmin,
    sponsorAdmin,
    siteStandard,
  } = await connectedStudy(c, admin, tag);
  const credential = await issueCredential(c, admin, etmf, ['ccsc-api/documents.send']);
  const sponsorSystem = partnerApi(
    c,
    await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, 'ccsc-api/documents.send'),
  );
  const title = `Sicherheitsinformation ${tag}`;
  const letter = await sendDocument(sponsorSystem, connection.connectionId, pdf(title), {
    typeCode: 'TMF-CV',
    personName: 'Aylin Demir',
    title,
  });
  expect(letter.state).toBe('delivered');
  const { distribution } = await call<{ distribution: { distributionId: string } }>(
    c,
    sponsorAdmin.idToken,
    'distributions/create',
    { sourceDocumentId: letter.documentId, overdueDays: 14 },
  );
  const auditor = await createEnrolledUser(c, 'Auditor', siteId);
  return {
    admin,
    orgAdmin: siteAdmin,
    auditor,
    siteId,
    sponsorId,
    studyId: study.studyId,
    systemId: eisf,
    documentId: letter.documentId,
    distributionId: distribution.distributionId,
    standardId: siteStandard.standard.standardId,
  };
};

/**
 * Each route of the path table, with the ids the walk gives it; the public ones signed out. The
 * API reference (/ccsc/api/v1/docs) is public, outside the signed-in layout, and the same page
 * for everyone: walked once, by the visitor (Redoc renders it in about six seconds, three times
 * per role otherwise).
 */
export const routesOf = (d: WalkData, role: Role): string[] => {
  if (role === 'visitor') {
    return [
      '/',
      '/forgot-password',
      '/forgot-password-success',
      '/forgot-totp-qr-code',
      '/reset-password',
      '/session-time-out',
      '/generate/success',
      `/generate/${randomUUID()}`,
      '/ccsc/api/v1/docs',
      '/no-such-page',
    ];
  }
  const editUser = (u: EnrolledTestUser) =>
    `/admin/user-management/edit-user?${new URLSearchParams({ userName: u.userName, email: u.email }).toString()}`;
  return [
    '/admin/dashboard',
    '/admin/artifact/list-of-mapping-standards',
    '/admin/artifact/create-new-standard',
    `/admin/artifact/view-edit-standard?standardId=${d.standardId}`,
    '/admin/documents',
    `/admin/documents/view?documentId=${d.documentId}`,
    `/admin/documents/completeness?studyId=${d.studyId}`,
    '/admin/documents/import',
    `/admin/documents/requests?studyId=${d.studyId}`,
    '/admin/distributions',
    `/admin/distributions/view?distributionId=${d.distributionId}`,
    '/admin/user-management',
    '/admin/user-management/create-user',
    editUser(d.auditor),
    '/admin/generate-api-credentials',
    '/admin/audit-trail',
    '/admin/organisations',
    `/admin/organisations/${d.siteId}`,
    `/admin/connections?studyId=${d.studyId}`,
    '/admin/notifications',
    '/admin/notifications/preferences',
    `/admin/webhooks?systemId=${d.systemId}`,
    '/admin/no-such-page',
  ];
};

// ---------- what a page must never show ----------

/** The spec's date form (SPEC §3): "05-Dec-2026", in each language's month abbreviations. */
const monthNames = (language: string): string[] => {
  const names = new Set<string>();
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15));
    for (const style of ['short', 'long'] as const) {
      names.add(
        new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' })
          .format(date)
          .replace(/\.$/u, ''),
      );
    }
  }
  return [...names];
};

/**
 * Dates in any other form than the spec's, as found in a page's text: numeric dates with a year
 * (05.12.2026, 11/10/2026), ISO dates (2026-12-05, with or without the time), a month's name
 * between spaces (5 Ara 2026, Dec 5, 2026). Artifact numbers (05.02.04) and versions (1.0)
 * have no four-digit year and are no dates.
 */
export const otherDateForms = (): string[] => {
  const months = [...new Set(LANGUAGES.flatMap(monthNames))]
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
    .join('|');
  return [
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{4}\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b`,
    String.raw`\b\d{1,2}\.? (?:${months})\.? \d{4}\b`,
    String.raw`\b(?:${months})\.? \d{1,2}, \d{4}\b`,
  ];
};

/**
 * Words of English that are no words of German or Turkish: a text of three words or more with
 * two of them is an English sentence (or phrase) on a page that should have none. Text the page
 * marks as another language's (`lang="en"`: the TMF Reference Model's English names), as not to
 * be translated (`translate="no"`: names, codes) or as code is not the page's language.
 */
const ENGLISH = [
  'the',
  'and',
  'of',
  'to',
  'is',
  'are',
  'your',
  'you',
  'with',
  'this',
  'that',
  'not',
  'was',
  'has',
  'have',
  'been',
  'will',
  'can',
  'from',
  'for',
  'no',
  'yet',
  'or',
  'on',
  'at',
  'by',
  'be',
  'it',
  'its',
  'new',
  'all',
  'any',
  'one',
  'when',
  'which',
  'there',
  'here',
  'please',
  'sign',
];

/** Everything wrong on the page as it is now, each finding one line. */
export const pageFindings = async (
  page: Page,
  where: string,
  language: string,
  dateForms: string[],
): Promise<string[]> => {
  const found: string[] = [];
  const sideways = await sidewaysFinding(page, where);
  if (sideways !== null) found.push(sideways);
  const seen = await page.evaluate(
    ({ forms, english, checkEnglish }) => {
      const patterns = forms.map((f) => new RegExp(f, 'u'));
      const words = new Set(english);
      const dates: string[] = [];
      const sentences: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const skipped = (node: Node) => {
        const parent = node.parentElement;
        if (parent === null) return true;
        if (parent.closest('script, style, code, pre, kbd, samp, [translate="no"]') !== null)
          return true;
        const box = parent.getBoundingClientRect();
        return box.width === 0 && box.height === 0 && parent.closest('.visually-hidden') === null;
      };
      const texts: { text: string; english: boolean }[] = [];
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if (skipped(node)) continue;
        const text = (node.textContent ?? '').replace(/\s+/gu, ' ').trim();
        if (text === '') continue;
        const lang = node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? '';
        texts.push({ text, english: lang.startsWith('en') });
      }
      // Attributes a person reads too: labels, titles, placeholders.
      for (const e of Array.from(
        document.body.querySelectorAll('[aria-label], [title], [placeholder]'),
      )) {
        if (e.closest('[translate="no"], code, pre') !== null) continue;
        const lang = e.closest('[lang]')?.getAttribute('lang') ?? '';
        for (const name of ['aria-label', 'title', 'placeholder']) {
          const value = e.getAttribute(name);
          if (value !== null && value.trim() !== '')
            texts.push({ text: value.trim(), english: lang.startsWith('en') });
        }
      }
      for (const { text, english: markedEnglish } of texts) {
        for (const pattern of patterns) {
          const match = pattern.exec(text);
          if (match !== null) dates.push(`"${match[0]}" in "${text.slice(0, 60)}"`);
        }
        if (!checkEnglish || markedEnglish) continue;
        // Words as a sentence has them, between spaces: an address or an id is no sentence.
        const tokens = text
          .toLowerCase()
          .split(/\s+/u)
          .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
          .filter((word) => /^\p{L}+$/u.test(word));
        if (tokens.length < 3) continue;
        const hits = new Set(tokens.filter((t) => words.has(t)));
        if (hits.size >= 2) sentences.push(`"${text.slice(0, 80)}"`);
      }
      const dateInputs = Array.from(
        document.querySelectorAll('input[type="date"], input[type="datetime-local"]'),
      ).map((e) => e.getAttribute('name') ?? e.id);
      // The header's rows: its items as they wrap (a row starts below the last one's bottom).
      const bar = document.querySelector('header');
      const holder = bar?.querySelector(':scope > .container-fluid') ?? bar;
      const boxes = Array.from(holder?.children ?? [])
        .map((e) => e.getBoundingClientRect())
        .filter((b) => b.width > 0 && b.height > 0)
        .sort((a, b) => a.top - b.top);
      let headerRows = 0;
      let rowBottom = -Infinity;
      for (const box of boxes) {
        if (box.top >= rowBottom - 1) {
          headerRows += 1;
          rowBottom = box.bottom;
        } else rowBottom = Math.max(rowBottom, box.bottom);
      }
      // Text wider than a reading line (about 100 characters: 50 em) on a wide screen.
      const longLines = Array.from(document.querySelectorAll('main p, main li, main .form-text'))
        .filter((e) => e.closest('table, pre, .list-group, .dropdown-menu, nav') === null)
        .filter((e) => {
          const box = e.getBoundingClientRect();
          const em = Number.parseFloat(getComputedStyle(e).fontSize) || 16;
          return box.height > 0 && box.width / em > 50 && e.textContent.length > 100;
        })
        .slice(0, 3)
        .map((e) => `"${e.textContent.trim().slice(0, 40)}"`);
      return {
        longLines,
        headerRows,
        dates: [...new Set(dates)],
        sentences: [...new Set(sentences)],
        dateInputs,
      };
    },
    { forms: dateForms, english: ENGLISH, checkEnglish: language !== 'en' },
  );
  for (const line of seen.longLines)
    found.push(`${where}: text wider than a reading line (50 em): ${line}`);
  if (seen.headerRows > 2) {
    found.push(`${where}: the header wraps to ${String(seen.headerRows)} rows (at most 2)`);
  }
  for (const date of seen.dates) found.push(`${where}: a date not in the spec's form: ${date}`);
  for (const input of seen.dateInputs)
    found.push(`${where}: a browser date input (its form is the browser's): ${input}`);
  for (const sentence of seen.sentences)
    found.push(`${where}: English on a ${language} page: ${sentence}`);
  for (const v of await axeViolations(page)) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets = v.nodes
      .slice(0, 4)
      .map((n) => n.target.join(' '))
      .join(' | ');
    found.push(`${where}: axe ${v.id} (${v.impact}) at ${targets}`);
  }
  return found;
};

// ---------- the walk ----------

/** The page's requests not answered yet (a screen loads its records after it shows). */
const inFlight = (page: Page): (() => number) => {
  const pending = new Set<unknown>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
};

/** How long the network stays quiet before a screen counts as loaded: two frames and more. */
const QUIET_MS = 60;

/**
 * Until the new screen has settled: its own heading shown (not the last screen's: openInPlace
 * marks those), no request of the page in flight for QUIET_MS, nothing loading. (Playwright's
 * `networkidle` waits 500 ms of quiet each time, and once per page load only: four minutes of a
 * walk's waiting, and nothing for a screen opened in place.)
 */
const settled = async (page: Page, pending: () => number): Promise<void> => {
  await expect(page.locator('h1:not([data-walk-left])').first()).toBeVisible();
  await expect(page.locator('.spinner-border, [aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(
      async () => {
        if (pending() > 0) return false;
        await page.waitForTimeout(QUIET_MS);
        return pending() === 0;
      },
      { intervals: [20] },
    )
    .toBe(true);
  await expect(page.locator('.spinner-border, [aria-busy="true"]')).toHaveCount(0);
};

/** A route opened the way the console's own links open it: history, not a new page load. */
const openInPlace = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => {
    // Already there (the page just loaded at it): nothing to open, nothing will render anew.
    if (`${window.location.pathname}${window.location.search}` === to) return;
    for (const heading of Array.from(document.querySelectorAll('h1')))
      heading.setAttribute('data-walk-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
};

/**
 * The walk of one role: signed in once (or not, a visitor), then each language chosen as the
 * language menu keeps it and loaded once, each route opened in place at 390 px, checked, widened
 * to 1440 px and checked again. Console errors and 5xx answers are findings of the route they
 * happened on.
 */
export const walk = async (
  browser: Browser,
  baseURL: string,
  role: Role,
  data: WalkData,
): Promise<string[]> => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const found: string[] = [];
  const pending = inFlight(page);
  let current = '(sign-in)';
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(`${current}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    found.push(`${current}: page error: ${error.message}`);
  });
  page.on('response', (response) => {
    if (process.env.WALK_DEBUG === '1' && response.status() >= 400)
      console.log(
        `${current}: ${String(response.status())} ${response.request().method()} ${response.url()}`,
      );
    if (response.status() >= 500)
      found.push(`${current}: ${String(response.status())} from ${response.url()}`);
  });
  const user =
    role === 'PlatformAdmin'
      ? data.admin
      : role === 'OrgAdmin'
        ? data.orgAdmin
        : role === 'Auditor'
          ? data.auditor
          : null;
  await page.setViewportSize({ width: WIDTHS[1], height: 900 });
  if (user !== null) await signInThroughUi(page, user);
  else await page.goto('/');
  const dateForms = otherDateForms();
  // WALK_LANGUAGES / WALK_ROUTES (a regular expression): a narrower walk, while working on a page.
  const languages = LANGUAGES.filter((l) =>
    (process.env.WALK_LANGUAGES ?? l).split(',').includes(l),
  );
  const only = new RegExp(process.env.WALK_ROUTES ?? '', 'u');
  for (const language of languages) {
    await page.evaluate((chosen) => {
      localStorage.setItem('ccsc.language', chosen);
    }, language);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const path of routesOf(data, role).filter((p) => only.test(p))) {
      current = `${role} ${language} ${path}`;
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      if (path.startsWith('/ccsc/api/')) await page.goto(path);
      else await openInPlace(page, path);
      const t0 = Date.now();
      try {
        await settled(page, pending);
      } catch (err) {
        found.push(
          `${current}: never settled (a heading of its own, nothing loading): ${String(err).split('\n')[0] ?? ''}`,
        );
        continue;
      }
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await widenTo(page, width);
        }
        // E2E_SCREENSHOTS=<folder>: each screen as it was checked, for a person to look at.
        const shots = process.env.E2E_SCREENSHOTS;
        if (shots !== undefined && shots !== '') {
          const name = `${role}-${path.replace(/[^A-Za-z0-9]+/gu, '_').slice(0, 50)}-${language}-${String(width)}`;
          await page.screenshot({ path: `${shots}/${name}.png` });
        }
        const t1 = Date.now();
        found.push(
          ...(await pageFindings(page, `${current} ${String(width)} px`, language, dateForms)),
        );
        if (process.env.WALK_DEBUG === '1')
          console.log(
            `${current} ${String(width)}: since open ${String(t1 - t0)} ms, checks ${String(Date.now() - t1)} ms`,
          );
      }
      // Back into the app from the reference, which is a page of its own.
      if (path.startsWith('/ccsc/api/'))
        await page.goto(role === 'visitor' ? '/' : '/admin/dashboard');
    }
  }
  await context.close();
  return found;
};

/**
 * The walk's tests for these roles in the spec file that calls it: the records made once for the
 * file, then one test per role (WALK_ROLES=OrgAdmin,Auditor: fewer, while working on a page).
 */
export const walkRoles = (roles: readonly Role[]): void => {
  let data: WalkData;
  test.beforeAll(async ({ request, baseURL }) => {
    test.setTimeout(180_000);
    const { info } = await consoleOf(request, baseURL ?? '');
    data = await walkData(info);
  });
  const chosen = roles.filter((r) => (process.env.WALK_ROLES ?? r).split(',').includes(r));
  for (const role of chosen) {
    test(`every route as ${role}: no sideways scrolling, no axe violation, no error, the spec's dates, no English on a de or tr page`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(600_000);
      const found = await walk(browser, baseURL ?? '', role, data);
      expect(found, found.join('\n')).toEqual([]);
    });
  }
};
