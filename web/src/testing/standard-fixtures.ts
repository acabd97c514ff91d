import type { ResponseOf } from '@ccsc/contract';
import { blankRow, coverageOf, type MappingRow, validateRows } from '@ccsc/contract/standard-rows';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import { strToU8, zipSync } from 'fflate';
import { success, type ApiAnswer } from './fake-api';

/**
 * Mapping standards as the server answers them (valid against the contract's schemas, which the
 * API client checks), for the standards screens' tests. The catalogue is the contract's own (a
 * test may import it; the screens fetch it through the API).
 */

type StandardVersion = ResponseOf<'artifact/get-standard'>['standard'];
type StandardDetail = ResponseOf<'artifact/get-standard'>;
type StandardSummary = ResponseOf<'artifact/list-standards'>['standards'][number];

export const CATALOGUE = CATALOGUES['3.3'];
export const catalogueAnswer: ApiAnswer = success({ catalogue: CATALOGUE, versions: ['3.3'] });

export const STANDARD_ID = 'std-klinikum0001';

/** A row mapped to 05.04.04 Visit Log (core, site level), without problems. */
export const mappingRow = (
  sourceCode: string,
  overrides: Partial<MappingRow> = {},
): MappingRow => ({
  ...blankRow(),
  sourceCode,
  sourceName: `Type ${sourceCode}`,
  artifactNumber: '05.04.04',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  ...overrides,
});

export const standardVersion = (overrides: Partial<StandardVersion> = {}): StandardVersion => ({
  standardId: STANDARD_ID,
  version: 1,
  status: 'draft',
  name: 'Klinikum eISF mapping',
  description: null,
  organisationId: 'site-1',
  organisationName: 'Klinikum Eins',
  systems: [{ systemId: 'sys-eisf', name: 'Klinikum eISF' }],
  product: null,
  catalogueVersion: '3.3',
  rowCount: 0,
  problemCount: 0,
  basedOnVersion: null,
  inUse: false,
  createdAt: '2025-02-01T10:00:00.000Z',
  createdBy: 'admin@example.com',
  updatedAt: '2025-02-03T10:00:00.000Z',
  updatedBy: 'admin@example.com',
  signature: null,
  retired: null,
  ...overrides,
});

export const SIGNED = {
  signerName: 'Ada Lovelace',
  signerEmail: 'ada@example.com',
  meaning: 'Approved' as const,
  signedAt: '2025-02-04T09:30:00.000Z',
};

/** A version as the editor opens it: its rows with their problems and coverage (the contract's). */
export const standardDetail = (
  rows: MappingRow[],
  {
    standard = {},
    versions,
    revision = 3,
  }: { standard?: Partial<StandardVersion>; versions?: StandardVersion[]; revision?: number } = {},
): StandardDetail => {
  const problems = validateRows(rows, CATALOGUE);
  const version = standardVersion({
    rowCount: rows.length,
    problemCount: problems.length,
    ...standard,
  });
  return {
    standard: version,
    revision,
    rows,
    problems,
    coverage: coverageOf(rows, CATALOGUE),
    versions: versions ?? [version],
  };
};

export const standardSummary = (
  standardId: string,
  name: string,
  overrides: Partial<StandardSummary> = {},
): StandardSummary => ({
  standardId,
  name,
  organisationId: 'site-1',
  organisationName: 'Klinikum Eins',
  systems: [{ systemId: 'sys-eisf', name: 'Klinikum eISF' }],
  product: null,
  catalogueVersion: '3.3',
  latestVersion: 1,
  latestStatus: 'draft',
  publishedVersion: null,
  draftVersion: 1,
  rowCount: 12,
  updatedAt: '2025-02-03T10:00:00.000Z',
  updatedBy: 'admin@example.com',
  revision: 1,
  ...overrides,
});

/** One page of artifact/list-standards; `total` how many match (by default this page's). */
export const standardPage = (
  standards: StandardSummary[],
  nextCursor: string | null = null,
  total: number = standards.length,
): ApiAnswer => success({ standards, nextCursor, total });

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A minimal XLSX workbook (one sheet, inline strings and numbers), as a spreadsheet program
 * writes one: the zip of the OOXML parts a reader needs.
 */
export const xlsxOf = (table: readonly (readonly (string | number)[])[]): Uint8Array => {
  const column = (i: number) => String.fromCharCode(65 + i);
  const rows = table
    .map(
      (cells, r) =>
        `<row r="${String(r + 1)}">${cells
          .map((cell, c) =>
            typeof cell === 'number'
              ? `<c r="${column(c)}${String(r + 1)}"><v>${String(cell)}</v></c>`
              : `<c r="${column(c)}${String(r + 1)}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Mapping" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    ),
  });
};

/**
 * The test DOM (happy-dom) lays nothing out: the grid's scroll area is given a height, so that the virtualiser
 * renders the rows that would be in view. Returns the undo.
 */
export const giveScrollAreasHeight = (height = 800): (() => void) => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroll') ? height : 0;
    },
  });
  return () => {
    if (original !== undefined) {
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
    }
  };
};
