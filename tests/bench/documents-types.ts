/**
 * The document bench's network as data: the document types each side's mapping standard maps,
 * and the shape of the bench every measure gets (`documents.ts`).
 */
import type { MappingRow } from '@ccsc/contract/standard-rows';
import type { EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import type { Org, Sys } from '../support/registry';
import type { BenchResult } from './users';
import { CATALOGUE, type Sender, type System } from './documents-kit';

// ---------- the network, made through the API ----------

export interface TypeRow {
  code: string;
  name: string;
  artifact: string;
  subArtifact: string;
  person: boolean;
}

const typeRow = (code: string, name: string, artifact: string, subArtifact: string): TypeRow => {
  const found = CATALOGUE.zones
    .flatMap((z) => z.sections.flatMap((s) => s.artifacts))
    .find((a) => a.number === artifact);
  if (found === undefined) throw new Error(`no artifact ${artifact} in the catalogue`);
  return {
    code,
    name,
    artifact,
    subArtifact: found.subArtifacts.includes(subArtifact) ? subArtifact : '',
    person: found.personal,
  };
};

/**
 * The types a site's eISF sends (SITE_SENDS) and receives (the last two), in its own codes; every
 * sponsor's eTMF maps the same artifacts in its own (SPONSOR_TYPES).
 */
const SHARED_TYPES: readonly TypeRow[] = [
  typeRow(
    'CV-SIGNED',
    'Signed CV of the PI',
    '05.02.04',
    'Principal Investigator Curriculum Vitae',
  ),
  typeRow('MED-LIC', 'Medical licence', '05.02.07', 'Medical License'),
  typeRow('PROT-SIG', 'Protocol signature page', '05.02.02', 'Protocol Signature Page'),
  typeRow(
    'IB-ACK',
    'Investigator brochure receipt',
    '05.02.01',
    'Acceptance of Investigator Brochure',
  ),
  typeRow('DOA-LOG', 'Delegation log', '05.02.18', 'Delegation of Authority Log'),
  typeRow('SUBJ-ENROL', 'Subject enrolment log', '05.04.01', 'Subject Enrollment Log'),
  typeRow('EC-APPROVAL', 'Ethics committee approval', '04.01.02', 'IRB or IEC Approval'),
  typeRow('GCP-CERT', 'GCP training certificate', '05.03.03', 'Site Evidence of Training'),
  typeRow(
    'MON-LETTER',
    'Monitoring visit letter',
    '05.04.03',
    'Monitoring Visit Confirmation Letter',
  ),
  typeRow(
    'SAFETY-INFO',
    'Safety information',
    '05.04.09',
    'Notification to Investigators of Safety Information',
  ),
];
export const SITE_SENDS = SHARED_TYPES.slice(0, 8);
/** A site type no sponsor's standard maps the artifact of (held: receiver-artifact-unmapped). */
export const SITE_ONLY = typeRow(
  'SITE-CONTACT',
  'Site contact details',
  '05.01.01',
  'Site Contact Details',
);
export const SITE_TYPES: readonly TypeRow[] = [...SHARED_TYPES, SITE_ONLY];
/** A type no site's standard maps: its documents are held (sender-type-unmapped). */
export const UNMAPPED_SITE_TYPE = 'FORM-1572';

const sponsorTypeOf = (t: TypeRow) =>
  typeRow(`ETMF-${t.artifact.replaceAll('.', '')}`, `eTMF ${t.name}`, t.artifact, t.subArtifact);
export const SPONSOR_SENDS = SHARED_TYPES.slice(8).map(sponsorTypeOf);
/** A sponsor type no site's standard maps the artifact of. */
export const SPONSOR_ONLY = typeRow('ETMF-CLOSEOUT', 'eTMF close-out report', '05.04.08', '');
export const SPONSOR_TYPES: readonly TypeRow[] = [...SHARED_TYPES.map(sponsorTypeOf), SPONSOR_ONLY];
/** A type no sponsor's standard maps. */
export const UNMAPPED_SPONSOR_TYPE = 'ETMF-NOTE';

export const rowsOf = (types: readonly TypeRow[]): MappingRow[] =>
  types.map((t) => ({
    sourceCode: t.code,
    sourceName: t.name,
    sourcePath: '',
    artifactNumber: t.artifact,
    subArtifact: t.subArtifact,
    filingLevel: 'site',
    requiredMetadata: t.person ? ['site', 'personName'] : ['site'],
    equivalence: 'equal',
    comment: '',
  }));

export interface Standard {
  standardId: string;
  version: number;
  name: string;
}

export interface Site {
  org: Org;
  admin: EnrolledTestUser;
  systems: Sys[];
  standard: Standard;
  /** Its share of the seeded history. */
  share: number;
}

export interface HistoricConnection {
  connectionId: string;
  studyId: string;
  siteNumber: string;
  site: Site;
  siteSystem: Sys;
  croOrganisationId: string | null;
}

/** What every measure works on. */
export interface DocumentBench {
  c: ConsoleInfo;
  admin: EnrolledTestUser;
  log: (line: string) => void;
  /** The live sponsor's eTMF: receives what the senders send (documents.receive). */
  receiver: System;
  /** The 20 site systems, each with its own connection to the receiver (documents.send). */
  senders: Sender[];
  sites: Site[];
  historic: {
    sponsor: Org;
    etmf: Sys;
    standard: Standard;
    cro: Org;
    connections: HistoricConnection[];
  };
  /** Documents sent through the API by the measures (their files are in the bucket). */
  sent: string[];
}

/** A DocumentMeasure: its results (PASS/FAIL lines); logs the rest. */
export type DocumentMeasure = (bench: DocumentBench) => Promise<BenchResult[]>;

/** The sites' shares of the history: unequal, as a study's sites are. */
export const SITE_SHARES = [0.34, 0.26, 0.18, 0.14, 0.08];
export const SITE_CITIES = ['Aachen', 'Bordeaux', 'Valencia', 'Torino', 'Gdańsk'];
export const SITE_COUNTRIES = ['DE', 'FR', 'ES', 'IT', 'PL'];
export const SITE_SYSTEM_KINDS = ['eisf', 'ehr', 'ctms', 'other'];
export const INVESTIGATORS = [
  'Dr. Jana Müller',
  'Dr. Luc Martin',
  'Dr. Ana García',
  'Dr. Marco Rossi',
];
