/**
 * Mapping standards at volume (issue 16): a 5,000-row standard, as an administrator meets it.
 *
 * - The rules the editor runs: every row validated (opening, importing) and one row re-validated
 *   after an edit (`revalidateRow`), median of many runs; budget for the edit: 200 ms in all.
 * - Through the running console: a 5,000-row CSV imported (read and validated as the preview does,
 *   then sent as a new draft) ≤ 3 s; the draft opened (get-standard: its rows, problems and
 *   coverage) — the data part of "opens in the editor ≤ 1 s"; saved with every row (update-standard)
 *   ≤ 2 s; median of several runs each.
 *
 * - In Chromium (Playwright, Debian's), signed in as a PlatformAdmin: the editor opened on the
 *   5,000-row draft until its first rows show ≤ 1 s; an edit until its problem shows (validation
 *   as you type) ≤ 200 ms; Save until saved ≤ 2 s; a 5,000-row CSV chosen on the create page
 *   until its preview shows ≤ 3 s; a 2-second scroll through the grid with no long animation
 *   frame (≥ 50 ms, the browser's own measure of a frame that janks) and the rows in the DOM
 *   bounded (virtualised). Medians of several runs.
 *
 * The rows are made with a fixed-seed generator from the catalogue's artifacts, so runs compare.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from '@playwright/test';
import { REPOSITORY_ROOT } from '@ccsc/mock-server';
import {
  revalidateRow,
  rowsToTable,
  tableToRows,
  validateRows,
  type MappingRow,
} from '@ccsc/contract/standard-rows';
import { readCsv } from '@ccsc/formats/read-csv';
import { csvFile } from '@ccsc/formats/write-csv';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';

const TMF_RM_3_3 = CATALOGUES['3.3'];
import { callApi } from '../support/api';
import type { EnrolledTestUser } from '../support/aws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import type { ConsoleInfo } from '../support/console';
import { median, withConsole } from './support';
import type { BenchResult } from './users';

export const STANDARD_ROWS = 5_000;
const RUNS = 7;
const EDIT_RUNS = 51;

const generator = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** 5,000 rows of a large eTMF product: every artifact several times, a few with problems. */
export const benchRows = (count = STANDARD_ROWS): MappingRow[] => {
  const random = generator(16);
  const artifacts = TMF_RM_3_3.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts));
  return Array.from({ length: count }, (_, i) => {
    const a = artifacts[Math.floor(random() * artifacts.length)] ?? artifacts[0];
    if (a === undefined) throw new Error('empty catalogue');
    const level = a.levels[Math.floor(random() * a.levels.length)] ?? 'trial';
    return {
      sourceCode: `DT-${String(i + 1).padStart(5, '0')}`,
      sourceName: `${a.name} (${level}) ${String(i + 1)}`,
      sourcePath: `/${a.number.slice(0, 2)}/${a.number.slice(0, 5)}/${a.name}`,
      artifactNumber: i % 500 === 7 ? '99.99.99' : a.number,
      subArtifact: a.subArtifacts[0] ?? '',
      filingLevel: level,
      requiredMetadata: [
        ...(a.personal ? (['personName'] as const) : []),
        ...(level === 'country' ? (['country'] as const) : []),
        ...(level === 'site' ? (['site'] as const) : []),
      ],
      equivalence: random() < 0.8 ? 'equal' : 'narrower',
      comment: random() < 0.1 ? 'Reviewed with the TMF owner' : '',
    };
  });
};

const timed = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

/** The editor's rules on 5,000 rows, in this process (the browser runs the same code). */
export const measureStandardRules = (log: (line: string) => void): BenchResult[] => {
  const rows = benchRows();
  const whole: number[] = [];
  let problems = validateRows(rows, TMF_RM_3_3);
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    problems = validateRows(rows, TMF_RM_3_3);
    whole.push(performance.now() - started);
  }
  const edits: number[] = [];
  for (let i = 0; i < EDIT_RUNS; i += 1) {
    const at = (i * 97) % rows.length;
    const old = rows[at]?.sourceCode ?? '';
    const edited = rows.map((r, j) => (j === at ? { ...r, sourceCode: `${old}-x` } : r));
    const started = performance.now();
    revalidateRow(edited, problems, at, old, TMF_RM_3_3);
    edits.push(performance.now() - started);
  }
  log(
    `standard rules: ${String(rows.length)} rows, ${String(problems.length)} problems; validate all ${median(whole).toFixed(1)} ms, one edit ${median(edits).toFixed(2)} ms (median)`,
  );
  return [
    {
      name: `validate a ${String(STANDARD_ROWS)}-row standard (median)`,
      value: median(whole),
      unit: 'ms',
      budget: 200,
    },
    {
      name: `re-validate after one edit, ${String(STANDARD_ROWS)} rows (median)`,
      value: median(edits),
      unit: 'ms',
      budget: 200,
    },
  ];
};

/** Import, open and save a 5,000-row standard through the running console. */
export const measureStandards = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const call = async <T>(op: string, body?: unknown, method = 'POST'): Promise<T> => {
      const res = await callApi(c, op, {
        token: admin.idToken,
        method,
        ...(body === undefined ? {} : { body }),
      });
      if (res.status !== 200) {
        throw new Error(`${op}: ${String(res.status)} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
      return (res.body as { data: T }).data;
    };
    const org = await call<{ organisation: { organisationId: string } }>('create-organisation', {
      name: 'Bench Sponsor',
      kind: 'sponsor',
      country: 'CH',
      identifiers: [],
    });
    const organisationId = org.organisation.organisationId;
    const csv = csvFile(rowsToTable(benchRows()));
    const imports: number[] = [];
    let standardId = '';
    for (let i = 0; i < RUNS; i += 1) {
      const { ms, value } = await timed(async () => {
        const read = tableToRows(readCsv(csv).records);
        validateRows(read.rows, TMF_RM_3_3);
        return call<{ standard: { standardId: string } }>('artifact/create-standard', {
          organisationId,
          name: `Bench eTMF ${String(i + 1)}`,
          catalogueVersion: '3.3',
          source: { kind: 'import', fileName: 'bench.csv', rows: read.rows },
        });
      });
      imports.push(ms);
      standardId = value.standard.standardId;
    }
    const opens: number[] = [];
    let detail = { revision: 0, rows: [] as MappingRow[] };
    for (let i = 0; i < RUNS; i += 1) {
      const { ms, value } = await timed(() =>
        call<{ revision: number; rows: MappingRow[] }>(
          `artifact/get-standard?standardId=${standardId}`,
          undefined,
          'GET',
        ),
      );
      opens.push(ms);
      detail = value;
    }
    const saves: number[] = [];
    let revision = detail.revision;
    for (let i = 0; i < RUNS; i += 1) {
      const rows = detail.rows.map((r, j) =>
        j === i ? { ...r, comment: `edited ${String(i)}` } : r,
      );
      const { ms, value } = await timed(() =>
        call<{ revision: number }>('artifact/update-standard', {
          standardId,
          version: 1,
          revision,
          rows,
        }),
      );
      saves.push(ms);
      revision = value.revision;
    }
    const browserResults = await measureEditor(c, admin, standardId, csv, log);
    log(
      `standards (${String(STANDARD_ROWS)} rows, CSV ${(csv.length / 1024).toFixed(0)} KB): import ${median(imports).toFixed(0)} ms, open ${median(opens).toFixed(0)} ms, save ${median(saves).toFixed(0)} ms (median of ${String(RUNS)})`,
    );
    return [
      {
        name: `import a ${String(STANDARD_ROWS)}-row CSV as a draft (median)`,
        value: median(imports) / 1000,
        unit: 's',
        budget: 3,
      },
      {
        name: `open a ${String(STANDARD_ROWS)}-row standard: its data (median)`,
        value: median(opens) / 1000,
        unit: 's',
        budget: 1,
      },
      {
        name: `save a ${String(STANDARD_ROWS)}-row standard (median)`,
        value: median(saves) / 1000,
        unit: 's',
        budget: 2,
      },
      ...browserResults,
    ];
  });

const BROWSER_RUNS = 5;

/** Signs in through the login screen as a person does (password, then the authenticator code). */
const signIn = async (page: Page, user: EnrolledTestUser) => {
  await page.goto('/');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click({ timeout: 15_000 });
  await page.keyboard.type(await user.authenticator.next());
  await page.getByRole('button', { name: /verify/i }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
};

const clock = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** The editor and the import preview in Chromium, on a console's 5,000-row draft. */
const measureEditor = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  standardId: string,
  csv: string,
  log: (line: string) => void,
): Promise<BenchResult[]> => {
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'web'], { cwd: REPOSITORY_ROOT });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: c.url, viewport: { width: 1440, height: 900 } });
    await signIn(page, admin);
    const editor = `/admin/artifact/view-edit-standard?standardId=${standardId}&version=1`;
    const opens: number[] = [];
    const edits: number[] = [];
    const saves: number[] = [];
    for (let i = 0; i < BROWSER_RUNS; i += 1) {
      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      opens.push(
        await clock(async () => {
          await page.goto(editor);
          await page.getByLabel('Source code, row 1', { exact: true }).waitFor();
        }),
      );
      const cell = page.getByLabel('Source code, row 2', { exact: true });
      const code = await cell.inputValue();
      // The second row takes the first row's code: both show the duplicate problem.
      const first = await page.getByLabel('Source code, row 1', { exact: true }).inputValue();
      edits.push(
        await clock(async () => {
          await cell.fill(first);
          await page
            .getByText(`The source code "${first}" is used by another row.`)
            .first()
            .waitFor();
        }),
      );
      await cell.fill(`${code}-${String(i)}`);
      saves.push(
        await clock(async () => {
          await page.getByRole('button', { name: 'Save changes' }).click();
          await page.getByText('Version 1 was saved.').waitFor();
        }),
      );
    }
    // Scrolling: long animation frames (Chromium's own measure of a janky frame) and DOM rows.
    await page.goto(editor);
    await page.getByLabel('Source code, row 1', { exact: true }).waitFor();
    // A string, not a function: the bench runs through tsx, whose helpers a page does not have.
    const scroll = await page.evaluate<{
      long: number;
      frames: number;
      maxRows: number;
      medianFrame: number;
    }>(`(async () => {
      function rows() { return document.querySelectorAll('tbody tr').length; }
      const grid = Array.from(document.querySelectorAll('*')).find(
        (el) => el.scrollHeight > el.clientHeight * 20 && getComputedStyle(el).overflowY !== 'visible',
      );
      if (grid === undefined) return { long: -1, frames: 0, maxRows: rows(), medianFrame: 0 };
      let long = 0;
      const observer = new PerformanceObserver((list) => { long += list.getEntries().length; });
      observer.observe({ type: 'long-animation-frame', buffered: false });
      const gaps = [];
      let maxRows = rows();
      const end = performance.now() + 2000;
      let last = performance.now();
      await new Promise((done) => {
        function step(now) {
          gaps.push(now - last);
          last = now;
          grid.scrollTop += grid.scrollHeight / 240;
          maxRows = Math.max(maxRows, rows());
          if (now < end) requestAnimationFrame(step);
          else done();
        }
        requestAnimationFrame(step);
      });
      await new Promise((r) => setTimeout(r, 100));
      observer.disconnect();
      gaps.sort((a, b) => a - b);
      return { long, frames: gaps.length, maxRows, medianFrame: gaps[Math.floor(gaps.length / 2)] || 0 };
    })()`);
    // Import with its preview.
    const previews: number[] = [];
    for (let i = 0; i < BROWSER_RUNS; i += 1) {
      await page.goto('/admin/artifact/create-new-standard');
      await page.getByLabel('Import a CSV or XLSX file').check();
      const input = page.getByLabel('Mapping file (CSV or XLSX)');
      previews.push(
        await clock(async () => {
          await input.setInputFiles({
            name: 'bench.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(csv, 'utf8'),
          });
          await page.getByText(`${String(STANDARD_ROWS)} rows read`).waitFor({ timeout: 30_000 });
        }),
      );
    }
    log(
      `standards editor: open ${median(opens).toFixed(0)} ms, edit→problem ${median(edits).toFixed(0)} ms, save ${median(saves).toFixed(0)} ms, import preview ${median(previews).toFixed(0)} ms; scroll: ${String(scroll.frames)} frames, median ${scroll.medianFrame.toFixed(1)} ms, ${String(scroll.long)} long animation frames, at most ${String(scroll.maxRows)} rows in the DOM`,
    );
    return [
      {
        name: `editor: open a ${String(STANDARD_ROWS)}-row standard (median)`,
        value: median(opens) / 1000,
        unit: 's',
        budget: 1,
      },
      {
        name: 'editor: an edit until its problem shows (median)',
        value: median(edits),
        unit: 'ms',
        budget: 200,
      },
      {
        name: `editor: save ${String(STANDARD_ROWS)} rows (median)`,
        value: median(saves) / 1000,
        unit: 's',
        budget: 2,
      },
      {
        name: `create: a ${String(STANDARD_ROWS)}-row CSV to its preview (median)`,
        value: median(previews) / 1000,
        unit: 's',
        budget: 3,
      },
      {
        name: 'editor: long animation frames scrolling 2 s',
        value: scroll.long,
        unit: '',
        budget: 0,
      },
      {
        name: 'editor: rows in the DOM while scrolling (virtualised)',
        value: scroll.maxRows,
        unit: '',
        budget: 100,
      },
    ];
  } finally {
    await browser.close();
  }
};
