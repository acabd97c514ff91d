import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import axe, { type AxeResults } from 'axe-core';
import { expect, type Page } from '@playwright/test';
import {
  EXCHANGE_XML,
  type EmsObject,
  exchangeXml,
  integrityOf,
  openZip,
  parseExchangeXml,
  utf8,
  zipEntries,
  type ZipEntrySource,
} from '@ccsc/lambdas/exchange';
import { emsBatch, emsObject } from '@ccsc/lambdas/testing';
import type { ConsoleInfo } from '../support/console';
import { type Data, sha } from './documents-support';

/**
 * What journey.spec.ts (issue 34's "Done when") calls: a partner system's calls to the API, a
 * send that waits for the hub's verdict, packages built like the official eTMF-EMS example (and
 * one with a corrupted file), an exported package read back, and the checks every new screen
 * passes at each width and language.
 */

export interface PartnerAnswer {
  status: number;
  data: Data;
  error?: Data;
}

/** The partner API (/ccsc/api/v1/) as a system calls it with its bearer token. */
export const partnerApi =
  (c: ConsoleInfo, token: string) =>
  async (method: string, path: string, body?: unknown): Promise<PartnerAnswer> => {
    const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await res.json()) as { data: Data; error?: Data };
    return { status: res.status, data: parsed.data, ...(parsed.error && { error: parsed.error }) };
  };
export type PartnerApi = ReturnType<typeof partnerApi>;

export interface SentDocument {
  documentId: string;
  state: string;
  quarantineReason: string | null;
  quarantineDetail: string | null;
  supersedesDocumentId: string | null;
  supersededByDocumentId: string | null;
}

/** The document as its sender follows it, once `done` says so (or 30 s passed). */
export const followUntil = async (
  api: PartnerApi,
  documentId: string,
  done: (d: SentDocument) => boolean,
): Promise<SentDocument> => {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const followed = await api('GET', `documents/${documentId}`);
    expect(followed.status).toBe(200);
    const document = followed.data.document as SentDocument;
    if (done(document) || Date.now() > giveUpAt) return document;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * Announces a file over the connection (German, a PDF named document.pdf unless `more` says
 * otherwise), uploads it to the link the hub answers, completes it, and waits for the malware
 * scan's verdict: the document as its sender then sees it.
 */
export const sendDocument = async (
  api: PartnerApi,
  connectionId: string,
  file: Buffer,
  more: Data,
): Promise<SentDocument> => {
  const announced = await api('POST', 'documents', {
    idempotencyKey: `journey-${randomUUID()}`,
    connectionId,
    version: '1.0',
    documentDate: '2026-11-02',
    language: 'de',
    fileName: 'document.pdf',
    contentType: 'application/pdf',
    size: file.length,
    sha256: sha(file),
    ...more,
  });
  expect(announced.status, JSON.stringify(announced.error)).toBe(200);
  const target = announced.data.upload as { url: string; headers: Record<string, string> };
  const put = await fetch(target.url, {
    method: 'PUT',
    headers: target.headers,
    body: new Uint8Array(file),
  });
  expect(put.status).toBe(200);
  const { documentId } = announced.data.document as { documentId: string };
  const completed = await api('POST', `documents/${documentId}/complete`, {});
  expect(completed.status, JSON.stringify(completed.error)).toBe(200);
  return followUntil(api, documentId, (d) => d.state !== 'awaiting-scan');
};

// ---- eTMF-EMS packages ----

/** A zip of these entries (the lambdas' own writer), as bytes. */
const zipOf = async (
  entries: { path: string; data: Buffer | AsyncIterable<Uint8Array>; deflate?: boolean }[],
) => {
  const modified = new Date('2026-10-01T09:00:00Z');
  const sources = entries.map((e): ZipEntrySource => ({
    ...e,
    modified,
    data: Buffer.isBuffer(e.data) ? Readable.from([e.data]) : e.data,
  }));
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipEntries(sources)) chunks.push(chunk);
  return Buffer.concat(chunks);
};

const fileOf = (fileName: string, contentUrl: string, bytes: Buffer) => ({
  integrity: integrityOf(sha(bytes)),
  fileName,
  contentUrl,
  signatures: [],
  auditRecords: [],
});

/** A package of these objects (TMF RM `tmfRmVersion`), each file's bytes in it at its URL. */
const packageOf = async (
  tmfRmVersion: string,
  objects: EmsObject[],
  files: Record<string, Buffer>,
): Promise<Buffer> => {
  let xml = '';
  for await (const piece of exchangeXml({ ...emsBatch, tmfRmVersion }, objects)) xml += piece;
  return zipOf([
    ...Object.entries(files).map(([path, data]) => ({ path, data })),
    { path: EXCHANGE_XML, data: utf8(xml), deflate: true },
  ]);
};

/**
 * Built like the official eTMF-EMS example (TMF RM 3.0): its Medical License under 05.02.01 with
 * UNIQUEID 091 at site `siteNumber` in Germany, which our catalogue (3.3) cannot file for certain,
 * and a trial-level plan that files as it is.
 */
export const exampleLikePackage = (siteNumber: string, pdf: (text: string) => Buffer) => {
  const license = pdf('Medical License, John Smith');
  const plan = pdf('Trial Master File Plan');
  const urls = {
    license: '05/05.02/05.02.01.Medical License/PCO-AKT-101-MED-001.pdf',
    plan: '01/01.01/01.01.01.Trial Master File Plan/Plan.pdf',
  };
  return packageOf(
    '3.0',
    [
      emsObject({
        objectId: 'PCO-AKT-101-MED-001',
        objectLevel: 'Site',
        countryId: 'DEU',
        siteId: siteNumber,
        uniqueId: 91,
        artifactNumber: '05.02.01',
        personNames: ['John Smith'],
        subArtifact: 'Signed IB Annex',
        objectTitle: `Acceptance of Investigator Brochure Annex for Site ${siteNumber}`,
        files: [fileOf('PCO-AKT-101-MED-001.pdf', urls.license, license)],
      }),
      emsObject({ objectId: 'TMF-PLAN-1', files: [fileOf('Plan.pdf', urls.plan, plan)] }),
    ],
    { [urls.license]: license, [urls.plan]: plan },
  );
};

/** A two-file protocol whose signature page was damaged on the way (one byte changed). */
export const halfCorruptPackage = (pdf: (text: string) => Buffer) => {
  const protocol = pdf('Protocol v2');
  const signatures = pdf('Protocol v2 signature page');
  const damaged = Buffer.from(signatures);
  damaged[damaged.length - 20] = (damaged[damaged.length - 20] ?? 0) ^ 0xff;
  const urls = {
    protocol: '02/02.01/02.01.02.Protocol/Protocol v2.pdf',
    signatures: '02/02.01/02.01.02.Protocol/Signatures.pdf',
  };
  return packageOf(
    '3.3',
    [
      emsObject({
        objectId: 'PROTOCOL-2',
        uniqueId: 32,
        artifactNumber: '02.01.02',
        objectTitle: 'Protocol version 2',
        files: [
          fileOf('Protocol v2.pdf', urls.protocol, protocol),
          fileOf('Signatures.pdf', urls.signatures, signatures),
        ],
      }),
    ],
    { [urls.protocol]: protocol, [urls.signatures]: damaged },
  );
};

/** An exported package read back: its inventory (validated) and each entry's bytes. */
export const readPackage = async (zip: Uint8Array) => {
  const archive = await openZip(
    (start, end) => Promise.resolve(zip.subarray(start, end + 1)),
    zip.length,
  );
  const entries = new Map(archive.entries.map((e) => [e.name, e]));
  const read = async (name: string) => {
    const entry = entries.get(name);
    if (entry === undefined) throw new Error(`${name} is not in the package`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of archive.entryStream(entry)) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  // parseExchangeXml checks the inventory against the standard's schema (exchange-validate.ts).
  return { inventory: await parseExchangeXml(await read(EXCHANGE_XML)), read };
};

// ---- the new screens at each width and language ----

/**
 * axe-core's violations on `page` (within `include`, a CSS selector, when given), as every
 * journey runs it. axe is put into the page once per document and then run as often as asked:
 * its 550 KB source costs the browser about 0.4 s to take in each time (the @axe-core/playwright
 * builder put it in twice a call, or ran a blank page of its own to finish each call), and the
 * run itself a tenth of that on most screens. Only violations are reported in full (axe's
 * `resultTypes`): every rule still runs on every element, but the passes, which on a screen of
 * long tables are thousands of elements, are not each turned into a result. Same-origin frames
 * only, which is all the console has.
 */
export const axeViolations = async (
  page: Page,
  include?: string,
): Promise<AxeResults['violations']> => {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
  const results = await page.evaluate(async (selector) => {
    // What a person sees once it settles: a dialog still fading in has text of too little
    // contrast. Transitions and finite animations end first; a spinner's endless one is left.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    return inPage.run(selector === undefined ? document : { include: [selector] }, {
      resultTypes: ['violations'],
    });
  }, include);
  return results.violations;
};

export const WIDTHS = [390, 1440] as const;

/** The page at `width` px, the resize laid out and painted before anything is measured. */
export const widenTo = async (page: Page, width: number): Promise<void> => {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );
};
export const LANGUAGES = ['en', 'de', 'tr'] as const;

/**
 * Whether the page scrolls sideways, as a finding about `where` naming what sticks out: the
 * innermost elements past the right edge (inside a scrolling box too: an absolutely placed one
 * there may widen the page); null when it does not. checkScreen's and the route walk's check.
 */
export const sidewaysFinding = async (page: Page, where: string): Promise<string | null> => {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const past = Array.from(document.body.querySelectorAll('*')).filter(
      (e) => e.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = past.filter((e) => !past.some((o) => o !== e && e.contains(o)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide: innermost
        .slice(0, 3)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')} "${e.textContent.slice(0, 40)}"`,
        ),
    };
  });
  if (scrollWidth <= innerWidth) return null;
  return `${where}: scrolls sideways (${String(scrollWidth)} > ${String(innerWidth)}) at ${wide.join(' | ')}`;
};

/**
 * `path` at each width in each language (the console's own choice, kept where the language menu
 * keeps it): `ready` waits for what the screen is about; then no page-wide sideways scrolling and
 * no serious or critical axe violation. Every finding is gathered before the one assertion, so
 * a run lists them all.
 */
export const checkScreen = async (
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<string[]> => {
  const found: string[] = [];
  for (const language of LANGUAGES) {
    await page.evaluate((chosen) => {
      localStorage.setItem('ccsc.language', chosen);
    }, language);
    // Loaded once per language at the first width, then widened in place: the console's layout
    // is CSS alone (its one measured element, the dashboard chart, follows a ResizeObserver), so
    // the wider screen is the one a fresh load at that width shows.
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) {
        await widenTo(page, width);
      }
      await ready(page);
      const where = `${path} ${language} ${String(width)} px`;
      const sideways = await sidewaysFinding(page, where);
      if (sideways !== null) found.push(sideways);
      // E2E_SCREENSHOTS=<folder>: each screen as it was checked, for a person to look at.
      const shots = process.env.E2E_SCREENSHOTS;
      if (shots !== undefined && shots !== '') {
        const name = `${path.replace(/[^A-Za-z0-9]+/gu, '_').slice(0, 60)}-${language}-${String(width)}`;
        await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
      }
      for (const v of await axeViolations(page)) {
        if (v.impact !== 'serious' && v.impact !== 'critical') continue;
        const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ');
        found.push(`${where}: ${v.id} (${v.impact}) at ${targets}`);
      }
    }
  }
  return found;
};
