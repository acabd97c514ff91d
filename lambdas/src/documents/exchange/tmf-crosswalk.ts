/**
 * The crosswalk from the TMF Reference Model release a package was written against
 * (TMFRMVERSION) to ours (3.3, release 3.3.1: @ccsc/contract/tmf-catalogue), by artifact number
 * and name (issue 34). Data, with where each fact comes from and why it is trusted; the import
 * (import-etmf-placement.ts) reads it so:
 *
 * - a release listed in RELEASES numbers and names its artifacts as 3.3 does: an object is filed
 *   with certainty when its ARTIFACTNUMBER and UNIQUEID are one artifact of ours and the name the
 *   package gives it (if any) is that artifact's;
 * - any other release (3.0, 3.1, 3.2, 2.x, or a value we do not know) has no crosswalk here: its
 *   numbers are not taken on trust. An object is filed with certainty only when number, UNIQUEID
 *   and the name the package gives all agree in our catalogue; otherwise it is a conflict a
 *   person resolves. The official eTMF-EMS example (TmfRef/exchange-framework, example.xml,
 *   TMFRMVERSION 3.0) shows why: its object sits in the folder "05.02.01.Medical License" with
 *   ARTIFACTNUMBER 05.02.01 and UNIQUEID 091 — in 3.3, 05.02.01 is Acceptance of Investigator
 *   Brochure, UNIQUEID 091 is 05.02.08 Form FDA 1572, and "Medical License" is a sub-artifact of
 *   05.02.07 Site Staff Qualification Supporting Information. Three artifacts; none is certain.
 *
 * A release is added to RELEASES only from a source that compares it with 3.3.1 artifact by
 * artifact (as 3.2.1 was); a release that renumbers artifacts would bring its number map with
 * it, from such a source, never guessed.
 */

export interface CrosswalkRelease {
  /** The TMFRMVERSION values (as packages write them) this entry covers. */
  versions: readonly string[];
  /** `ours`: the release our catalogue is; `same-numbering`: another release numbered as ours. */
  relation: 'ours' | 'same-numbering';
  source: string;
  reasoning: string;
}

export const RELEASES: readonly CrosswalkRelease[] = [
  {
    versions: ['3.3', '3.3.0', '3.3.1'],
    relation: 'ours',
    source:
      'CDISC TMF Reference Model 3.3.1 spreadsheet ("Clean" sheet), transcribed in @ccsc/contract tmf-catalogue-3-3.ts.',
    reasoning:
      'Our catalogue. 3.3.0 and 3.3.1 differ in definitions and typographic fixes, not in numbers, unique IDs or names.',
  },
  {
    versions: ['3.2.1'],
    relation: 'same-numbering',
    source:
      'The CDISC-published 3.2.1 spreadsheet, compared artifact by artifact with 3.3.1 when the catalogue was transcribed (tmf-catalogue-3-3.ts, "Sources").',
    reasoning:
      'The same 250 unique IDs, numbers, names and core/recommended classifications; only the levels of 05.01.01 and 05.02.13 changed, and the import checks levels against 3.3 anyway.',
  },
];

/**
 * Other names an artifact of ours goes by, by number: the name a package gives for that number
 * agrees with it as well as our name does. (Spellings that differ only in case, accents,
 * apostrophes or punctuation — "Investigators Brochure" for 02.01.01 — agree without a line here.)
 */
export interface OtherName {
  number: string;
  name: string;
  source: string;
}

const OTHER_SOFTWARE =
  'A number-to-name map from other software checked against 3.3.1 during the catalogue transcription (tmf-catalogue-3-3.ts, "Sources"): the same number, an earlier name.';

export const OTHER_NAMES: readonly OtherName[] = [
  { number: '03.01.02', name: 'Regulatory Approval Notification', source: OTHER_SOFTWARE },
  { number: '03.02.02', name: 'Import or Export License', source: OTHER_SOFTWARE },
  {
    number: '03.03.01',
    name: 'Notification to Regulatory Authority of Safety or Trial Information',
    source: OTHER_SOFTWARE,
  },
  { number: '04.01.02', name: 'IRB or IEC Approval', source: OTHER_SOFTWARE },
  { number: '06.04.03', name: 'Maintenance Logs (Device)', source: OTHER_SOFTWARE },
  { number: '10.03.01', name: 'Database Specifications', source: OTHER_SOFTWARE },
  { number: '10.03.10', name: 'Data QC or QA Plan and Results', source: OTHER_SOFTWARE },
  { number: '10.04.03', name: 'Validation Documents', source: OTHER_SOFTWARE },
];

/** A TMFRMVERSION as packages write it ("3.2.1", "v3.3", " 3.0 "), for comparison. */
export const normaliseRelease = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/^v(?:ersion)?\s*/u, '');

/** The crosswalk entry of a package's TMFRMVERSION, or null when there is none. */
export const crosswalkOf = (tmfRmVersion: string): CrosswalkRelease | null => {
  const release = normaliseRelease(tmfRmVersion);
  return RELEASES.find((r) => r.versions.includes(release)) ?? null;
};
