/**
 * Lighthouse on the signed-in console (`dashboard.ts`): the dashboard, the users and the documents
 * pages (LIGHTHOUSE_PAGES), each in Lighthouse's mobile profile in a Chromium signed in through
 * the login page.
 */
import { writeFile } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { EnrolledTestUser } from '../support/aws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import type { ConsoleInfo } from '../support/console';
import { median } from './support';
import type { BenchResult } from './users';
import {
  ACCESSIBILITY_BUDGET,
  LCP_BUDGET_MS,
  LIGHTHOUSE_PAGES,
  LIGHTHOUSE_RUNS,
  type LighthousePage,
  ms,
  PERFORMANCE_BUDGET,
} from './dashboard-kit';

// ---------- Lighthouse on the signed-in dashboard ----------

/** Playwright adds headless itself; chrome-launcher (Lighthouse) needs it said. */
const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS];

/** Through the login page, as a person signs in: e-mail and password, then the code. */
const signInThroughLoginPage = async (page: Page, url: string, user: EnrolledTestUser) => {
  await page.goto(`${url}/`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click({ timeout: 15_000 });
  await page.keyboard.type(await user.authenticator.next());
  await page.getByRole('button', { name: /verify/i }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
  if (!page.url().endsWith('/admin/dashboard')) {
    throw new Error(`the sign-in landed on ${page.url()}, not the dashboard`);
  }
};

interface LighthouseRun {
  /** The other metrics the performance score weighs: FCP, TBT, Speed Index, CLS. */
  metrics: string;
  performance: number;
  accessibility: number;
  lcp: number;
  lcpElement: string;
  failing: string[];
}

/**
 * One Lighthouse run (mobile, simulated throttling) on a signed-in page in the signed-in Chrome,
 * its storage kept (the session); fails unless the page it measured is that page with its calls
 * answered (not the login page, nor a session's end).
 */
const lighthouseRun = async (
  c: ConsoleInfo,
  port: number,
  measured: LighthousePage,
): Promise<LighthouseRun> => {
  const result = await lighthouse(`${c.url}${measured.path}`, {
    port,
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
    output: 'json',
    disableStorageReset: true,
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  if (new URL(finalDisplayedUrl).pathname !== measured.path) {
    throw new Error(`Lighthouse measured ${finalDisplayedUrl}, not ${measured.path}`);
  }
  const requests = ((audits['network-requests']?.details as { items?: unknown[] } | undefined)
    ?.items ?? []) as { url: string; statusCode: number }[];
  for (const operation of measured.calls) {
    const call = requests.find((r) => r.url.includes(`/ccsc/ui/${operation}`));
    if (call?.statusCode !== 200) {
      throw new Error(
        `Lighthouse's page did not get ${operation} (${call === undefined ? 'not called' : String(call.statusCode)}): not a signed-in ${measured.name} page`,
      );
    }
  }
  // The LCP element and its subparts (time to first byte, load delay, render delay).
  type Item = Record<string, unknown> & { type?: string; items?: Item[] };
  const breakdown =
    (audits['lcp-breakdown-insight']?.details as { items?: Item[] } | undefined)?.items ?? [];
  const element = breakdown.find((item) => item.type === 'node') as
    { selector?: string; nodeLabel?: string } | undefined;
  const subparts = (breakdown.find((item) => item.type === 'table')?.items ?? [])
    .map((row) => `${String(row.label)} ${ms(Number(row.duration))}`)
    .join(', ');
  const screenshot = (audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  const file = process.env.BENCH_DASHBOARD_SCREENSHOT;
  if (file !== undefined && screenshot !== undefined) {
    await writeFile(file, Buffer.from(screenshot.replace(/^data:[^,]+,/, ''), 'base64'));
  }
  const metric = (id: string) => audits[id]?.numericValue ?? NaN;
  // Where the main thread's time went: the scripts that cost most (Lighthouse's bootup-time).
  const scripts = (
    ((audits['bootup-time']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
      url: string;
      total: number;
      scripting: number;
    }[]
  )
    .slice(0, 4)
    .map((s) => `${s.url.replace(/^.*\//u, '')} ${ms(s.total)} (script ${ms(s.scripting)})`)
    .join(', ');
  return {
    metrics:
      `FCP ${ms(metric('first-contentful-paint'))}, TBT ${ms(metric('total-blocking-time'))}, ` +
      `SI ${ms(metric('speed-index'))}, CLS ${metric('cumulative-layout-shift').toFixed(3)}; ` +
      `main thread by script: ${scripts}`,
    performance: (categories.performance?.score ?? 0) * 100,
    accessibility: (categories.accessibility?.score ?? 0) * 100,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Infinity,
    lcpElement:
      `${element?.selector ?? '?'} “${(element?.nodeLabel ?? '').slice(0, 60)}”` +
      (subparts === '' ? '' : `: ${subparts}`),
    failing: (categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((a) => a !== undefined && a.score !== null && a.score < 1)
      .map((a) => {
        type Found = { node?: { selector?: string; nodeLabel?: string } };
        const nodes = ((a?.details as { items?: Found[] } | undefined)?.items ?? []).flatMap(
          ({ node }) =>
            node === undefined
              ? []
              : [`${node.selector ?? ''} “${(node.nodeLabel ?? '').slice(0, 40)}”`],
        );
        return `${a?.id ?? ''} (${a?.title ?? ''}) at ${nodes.slice(0, 4).join(', ')}${nodes.length > 4 ? ` and ${String(nodes.length - 4)} more` : ''}`;
      }),
  };
};

export const measureLighthouse = async (
  c: ConsoleInfo,
  user: EnrolledTestUser,
  log: (line: string) => void,
): Promise<BenchResult[]> => {
  const warm = new Map<string, LighthouseRun[]>(LIGHTHOUSE_PAGES.map((p) => [p.name, []]));
  const cold: LighthouseRun[] = [];
  const failing = new Set<string>();
  const line = (r: LighthouseRun) =>
    `performance ${r.performance.toFixed(0)}, accessibility ${r.accessibility.toFixed(0)}, ` +
    `LCP ${ms(r.lcp)} (${r.lcpElement}); ${r.metrics}`;
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
    const chrome = await launchChrome({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(chrome.port)}`);
      try {
        const context = browser.contexts()[0];
        if (context === undefined) throw new Error('the launched Chromium has no context');
        const page = await context.newPage();
        await signInThroughLoginPage(page, c.url, user);
        const cdp = await context.newCDPSession(page);
        await page.goto('about:blank');
        // 1. Each page as the sign-in left the browser: the session and the cache of what it
        // loaded (the dashboard's chunks; the others' own load in their first run).
        for (const measured of LIGHTHOUSE_PAGES) {
          const w = await lighthouseRun(c, chrome.port, measured);
          warm.get(measured.name)?.push(w);
          for (const f of w.failing) failing.add(`${measured.name}: ${f}`);
          log(
            `${measured.name} lighthouse run ${String(run)}/${String(LIGHTHOUSE_RUNS)}: ${line(w)}`,
          );
        }
        // 2. The dashboard with the HTTP cache cleared, the session kept.
        await cdp.send('Network.clearBrowserCache');
        const dashboard = LIGHTHOUSE_PAGES[0];
        const k = await lighthouseRun(c, chrome.port, dashboard);
        cold.push(k);
        for (const f of k.failing) failing.add(`dashboard: ${f}`);
        log(
          `dashboard lighthouse run ${String(run)}/${String(LIGHTHOUSE_RUNS)}, cache cleared: ${line(k)}`,
        );
      } finally {
        await browser.close();
      }
    } finally {
      chrome.kill();
    }
  }
  const summary = (runs: LighthouseRun[]) =>
    `performance ${median(runs.map((r) => r.performance)).toFixed(0)}, accessibility ` +
    `${median(runs.map((r) => r.accessibility)).toFixed(0)}, LCP ${ms(median(runs.map((r) => r.lcp)))}`;
  log(
    `signed in, Lighthouse mobile, median of ${String(LIGHTHOUSE_RUNS)}: ` +
      LIGHTHOUSE_PAGES.map((p) => `${p.name} ${summary(warm.get(p.name) ?? [])}`).join('; ') +
      `; dashboard with the HTTP cache cleared ${summary(cold)}` +
      (failing.size === 0 ? '' : `; accessibility audits failing: ${[...failing].join(' | ')}`),
  );
  return LIGHTHOUSE_PAGES.flatMap((p) => {
    const runs = warm.get(p.name) ?? [];
    const label = `${p.name} signed in, Lighthouse mobile, median of ${String(LIGHTHOUSE_RUNS)}`;
    return [
      {
        name: `${label}: performance`,
        value: median(runs.map((r) => r.performance)),
        unit: '',
        budget: PERFORMANCE_BUDGET,
        atLeast: true,
      },
      {
        name: `${label}: accessibility`,
        value: median(runs.map((r) => r.accessibility)),
        unit: '',
        budget: ACCESSIBILITY_BUDGET,
        atLeast: true,
      },
      {
        name: `${label}: LCP`,
        value: median(runs.map((r) => r.lcp)),
        unit: 'ms',
        budget: LCP_BUDGET_MS,
      },
    ];
  });
};
