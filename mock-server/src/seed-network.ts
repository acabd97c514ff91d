import { OPEN_CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { validateRows, type MappingRow } from '@ccsc/contract/standard-rows';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import {
  claimsOf,
  idOf,
  type ConnectionRecord,
  type OrganisationRecord,
  type RegistryChange,
  type RegistryRecord,
  type StandardRecord,
  type StandardVersionRecord,
  standardRowsKey,
  type StudyRecord,
  type SystemRecord,
  useKey,
} from '@ccsc/lambdas/adapters';
import {
  BINDERLY_V1_ROWS,
  BINDERLY_V2_ROWS,
  TESSERA_MERIDIAN_DRAFT_ROWS,
  TESSERA_NORDLICHT_ROWS,
} from './seed-standards';

/**
 * The registry network the offline console starts with (issue 14): made-up sponsors, a CRO acting
 * for two of them, sites in several countries, each with the systems it exchanges documents
 * through, the sponsors' studies and their connections to sites in every state, with the history
 * that led there (who, which side, when, why) spread over the past months.
 *
 * Written as the API would have written it: every record's life is a series of versions (created,
 * then each change), replayed in time order through the registry's commit, several versions to a
 * change. Each change makes and releases the claims (organisation names, protocol numbers, open
 * connections) and counts the uses (what each open connection binds) that the versions' states
 * imply, so the API's rules hold on seeded data as on data it made itself: a site system that an
 * active connection uses cannot be deactivated, a protocol number cannot be registered twice, a
 * site with an open connection to a study cannot be invited to it again.
 *
 * Klinikum Berlin-Mitte (site-berlin-mitte) is in no connection: the user tests sign in as its
 * OrgAdmin and Auditor and rely on them seeing no organisation but their own.
 *
 * Mapping standards (issue 16) are records here too, with their lives: Nordlicht's eTMF standard
 * and Klinikum Berlin-Mitte's eISF standard published and signed (the latter with a second
 * version in draft, one row with a problem), the Isar Research Centre's for its Patientenakte
 * published (the simulated partner systems exchange over it), Meridian's begun as a draft. Their rows
 * (seed-standards.ts) are documents in the artifacts bucket, which the console writes when it
 * starts (seed.ts `seedStandardRows`); the records name them by key (`SEED_STANDARD_ROWS`).
 *
 * Deterministic: the same records, times and changes every time (tests rely on them). Names,
 * vendors, products, people and e-mail domains (`.example`) are made up.
 */

// ---------- who ----------

/** The administrators whose e-mails the history shows ("system" created the first records). */
export const SEED_ADMINS = {
  platform: 'ops@ccsc-platform.example',
  nordlicht: 'a.keller@nordlicht-pharma.example',
  anatolia: 's.arslan@anatolia-bio.example',
  westbrook: 'm.chen@westbrook-tx.example',
  sakura: 'h.sato@sakura-ls.example',
  meridian: 'j.okafor@meridian-cro.example',
  muenchen: 'c.huber@isar-rc.example',
  hamburg: 'k.jensen@ukhn.example',
  ankara: 'o.aksoy@ankara-city-rh.example',
  izmir: 'b.koc@ege-crc.example',
  istanbul: 'd.erdem@bogazici-rh.example',
  boston: 'l.murphy@bostonharbor-mc.example',
  seattle: 'n.kim@pugetsound-rc.example',
  lyon: 'm.durand@ch-lyon-confluence.example',
  lille: 's.lambert@cu-lille-nord.example',
  madrid: 'p.navarro@hu-madridnorte.example',
  milano: 'f.ricci@policlinico-milanoest.example',
  krakow: 'm.kowalski@szpital-krakow-wschod.example',
  osaka: 'a.nakamura@osakabay-uh.example',
  manchester: 'r.patel@mnri.example',
  berlin: 'e.vogel@klinikum-berlin-mitte.example',
} as const;
const A = SEED_ADMINS;

/** "2026-03-03 09:14" (UTC) as the ISO time the records carry. */
const at = (when: string): string => new Date(`${when.replace(' ', 'T')}:00.000Z`).toISOString();

/** When the reference data was first written (by "system"). */
const FIRST = at('2026-01-05 07:00');

// ---------- organisations ----------

interface OrganisationLife {
  record: OrganisationRecord;
  /** Deactivated by a PlatformAdmin at this time, when it was. */
  deactivated?: { at: string; by: string };
}

const organisation = (
  organisationId: string,
  name: string,
  kind: OrganisationRecord['kind'],
  country: string,
  domain: string,
  more: {
    identifiers?: { label: string; value: string }[];
    created?: { at: string; by: string };
    deactivated?: { at: string; by: string };
  } = {},
): OrganisationLife => {
  const created = more.created ?? { at: FIRST, by: 'system' };
  return {
    record: {
      organisationId,
      name,
      kind,
      country,
      identifiers: more.identifiers ?? [],
      contactEmail: `studies@${domain}`,
      status: 'active',
      revision: 1,
      writeId: '',
      createdAt: created.at,
      createdBy: created.by,
      updatedAt: created.at,
      updatedBy: created.by,
    },
    ...(more.deactivated === undefined ? {} : { deactivated: more.deactivated }),
  };
};

const byPlatform = (when: string) => ({ at: at(when), by: A.platform });

const ORGANISATION_LIVES: readonly OrganisationLife[] = [
  // Sponsors and the CRO
  organisation(
    'sponsor-nordlicht',
    'Nordlicht Pharma AG',
    'sponsor',
    'DE',
    'nordlicht-pharma.example',
    {
      identifiers: [{ label: 'VAT', value: 'DE 318 552 907' }],
    },
  ),
  organisation(
    'sponsor-anatolia',
    'Anatolia Biotech A.Ş.',
    'sponsor',
    'TR',
    'anatolia-bio.example',
    {
      identifiers: [{ label: 'Tax number', value: '0610 447 2931' }],
    },
  ),
  organisation(
    'sponsor-westbrook',
    'Westbrook Therapeutics Inc.',
    'sponsor',
    'US',
    'westbrook-tx.example',
    { identifiers: [{ label: 'DUNS', value: '07-442-1986' }] },
  ),
  organisation(
    'sponsor-sakura',
    'Sakura Life Sciences K.K.',
    'sponsor',
    'JP',
    'sakura-ls.example',
    {
      created: byPlatform('2026-02-09 01:30'),
    },
  ),
  organisation(
    'cro-meridian',
    'Meridian Clinical Research Ltd',
    'cro',
    'GB',
    'meridian-cro.example',
    {
      identifiers: [{ label: 'Company number', value: '09 518 374' }],
      created: byPlatform('2026-01-26 10:05'),
    },
  ),
  // Sites
  organisation(
    'site-berlin-mitte',
    'Klinikum Berlin-Mitte',
    'site',
    'DE',
    'klinikum-berlin-mitte.example',
    { identifiers: [{ label: 'Site network', value: 'SN-1041' }] },
  ),
  organisation(
    'site-hamburg-nord',
    'Universitätsklinikum Hamburg-Nord',
    'site',
    'DE',
    'ukhn.example',
    {
      identifiers: [{ label: 'Site network', value: 'SN-1077' }],
    },
  ),
  organisation(
    'site-muenchen-isar',
    'Isar Research Clinic München',
    'site',
    'DE',
    'isar-rc.example',
    {
      identifiers: [{ label: 'Site network', value: 'SN-1102' }],
      created: byPlatform('2026-01-19 09:30'),
    },
  ),
  organisation(
    'site-ankara-city',
    'Ankara City Research Hospital',
    'site',
    'TR',
    'ankara-city-rh.example',
  ),
  organisation(
    'site-izmir-ege',
    'Ege Clinical Research Centre Izmir',
    'site',
    'TR',
    'ege-crc.example',
  ),
  organisation(
    'site-istanbul-bogazici',
    'Boğaziçi Research Hospital Istanbul',
    'site',
    'TR',
    'bogazici-rh.example',
    { created: byPlatform('2026-02-23 08:40') },
  ),
  organisation(
    'site-boston-harbor',
    'Boston Harbor Medical Center',
    'site',
    'US',
    'bostonharbor-mc.example',
    { identifiers: [{ label: 'NPI', value: '1467 503 982' }] },
  ),
  organisation(
    'site-seattle-sound',
    'Puget Sound Research Clinic',
    'site',
    'US',
    'pugetsound-rc.example',
    {
      created: byPlatform('2026-03-16 15:20'),
    },
  ),
  organisation(
    'site-lyon-sud',
    'Centre Hospitalier Lyon Confluence',
    'site',
    'FR',
    'ch-lyon-confluence.example',
    {
      identifiers: [{ label: 'FINESS', value: '690 781 455' }],
    },
  ),
  organisation(
    'site-lille-nord',
    'Clinique Universitaire Lille-Nord',
    'site',
    'FR',
    'cu-lille-nord.example',
    {
      created: byPlatform('2026-02-02 09:00'),
      deactivated: byPlatform('2026-07-10 08:30'),
    },
  ),
  organisation(
    'site-madrid-norte',
    'Hospital Universitario Madrid Norte',
    'site',
    'ES',
    'hu-madridnorte.example',
    {
      created: byPlatform('2026-02-23 08:45'),
    },
  ),
  organisation(
    'site-milano-est',
    'Policlinico Milano Est',
    'site',
    'IT',
    'policlinico-milanoest.example',
    {
      created: byPlatform('2026-03-02 11:10'),
    },
  ),
  organisation(
    'site-krakow-wschod',
    'Szpital Kliniczny Kraków-Wschód',
    'site',
    'PL',
    'szpital-krakow-wschod.example',
    { created: byPlatform('2026-05-18 07:55') },
  ),
  organisation(
    'site-osaka-bay',
    'Osaka Bay University Hospital',
    'site',
    'JP',
    'osakabay-uh.example',
    {
      created: byPlatform('2026-03-16 15:25'),
    },
  ),
  organisation(
    'site-manchester-north',
    'Manchester North Research Infirmary',
    'site',
    'GB',
    'mnri.example',
    {
      identifiers: [{ label: 'ODS code', value: 'RX7 21' }],
      created: byPlatform('2026-03-02 11:15'),
    },
  ),
];

// ---------- systems ----------

interface SystemLife {
  record: SystemRecord;
  deactivated?: { at: string; by: string };
}

const DOMAIN_OF = new Map(
  ORGANISATION_LIVES.map((o) => [
    o.record.organisationId,
    (o.record.contactEmail ?? '').replace(/^.*@/u, ''),
  ]),
);
const CREATED_OF = new Map(
  ORGANISATION_LIVES.map((o) => [
    o.record.organisationId,
    { at: o.record.createdAt, by: o.record.createdBy },
  ]),
);

/** Made-up vendors and their products. */
const PRODUCT = {
  binderly: { vendor: 'Lindqvist Software', product: 'Binderly eISF' },
  tesseraEtmf: { vendor: 'Tessera Clinical', product: 'Tessera eTMF' },
  tesseraCtms: { vendor: 'Tessera Clinical', product: 'Tessera CTMS' },
  larkspur: { vendor: 'Larkspur Systems', product: 'Larkspur CTMS' },
  quillon: { vendor: 'Quillon Data', product: 'Quillon EDC' },
  hoshi: { vendor: 'Hoshi Data K.K.', product: 'Hoshi EDC' },
  vigil: { vendor: 'Vigil Safety Systems', product: 'Vigil Safety' },
  kestrel: { vendor: 'Kestrel Health IT', product: 'Kestrel EHR' },
  carechart: { vendor: 'Harbor Health Systems', product: 'CareChart EHR' },
} as const;

const system = (
  systemId: string,
  organisationId: string,
  name: string,
  kind: SystemRecord['kind'],
  made: { vendor: string; product: string },
  more: {
    environment?: SystemRecord['environment'];
    /** Registered later than its organisation, by its OrgAdmin. */
    created?: { at: string; by: string };
    deactivated?: { at: string; by: string };
  } = {},
): SystemLife => {
  const organisationCreated = CREATED_OF.get(organisationId) ?? { at: FIRST, by: 'system' };
  // Registered with its organisation, a quarter of an hour later, unless said otherwise.
  const created = more.created ?? {
    at: new Date(Date.parse(organisationCreated.at) + 15 * 60_000).toISOString(),
    by: organisationCreated.by,
  };
  return {
    record: {
      systemId,
      organisationId,
      name,
      kind,
      vendor: made.vendor,
      product: made.product,
      environment: more.environment ?? 'production',
      technicalContactEmail: `it@${DOMAIN_OF.get(organisationId) ?? 'example.com'}`,
      status: 'active',
      revision: 1,
      writeId: '',
      createdAt: created.at,
      createdBy: created.by,
      updatedAt: created.at,
      updatedBy: created.by,
    },
    ...(more.deactivated === undefined ? {} : { deactivated: more.deactivated }),
  };
};

const P = PRODUCT;
const SYSTEM_LIVES: readonly SystemLife[] = [
  system('nordlicht-ctms', 'sponsor-nordlicht', 'Nordlicht CTMS', 'ctms', P.tesseraCtms),
  system('nordlicht-etmf', 'sponsor-nordlicht', 'Nordlicht eTMF', 'etmf', P.tesseraEtmf),
  system('nordlicht-edc', 'sponsor-nordlicht', 'Nordlicht EDC', 'edc', P.quillon),
  system('anatolia-etmf', 'sponsor-anatolia', 'Anatolia Document Vault', 'etmf', {
    vendor: 'In-house',
    product: 'ADV 3',
  }),
  system('anatolia-edc', 'sponsor-anatolia', 'Anatolia EDC', 'edc', P.quillon),
  system('westbrook-etmf', 'sponsor-westbrook', 'Westbrook eTMF', 'etmf', P.tesseraEtmf),
  system('westbrook-ctms', 'sponsor-westbrook', 'Westbrook CTMS', 'ctms', P.larkspur),
  system('westbrook-safety', 'sponsor-westbrook', 'Westbrook Drug Safety', 'safety', P.vigil),
  system('sakura-etmf', 'sponsor-sakura', 'Sakura eTMF', 'etmf', P.tesseraEtmf),
  system('sakura-edc', 'sponsor-sakura', 'Sakura EDC', 'edc', P.hoshi),
  system('meridian-ctms', 'cro-meridian', 'Meridian CTMS', 'ctms', P.larkspur),
  system('meridian-etmf', 'cro-meridian', 'Meridian eTMF', 'etmf', P.tesseraEtmf),
  system('berlin-mitte-eisf', 'site-berlin-mitte', 'KBM eISF', 'eisf', P.binderly),
  system('berlin-mitte-ehr', 'site-berlin-mitte', 'KBM Patientenakte', 'ehr', P.kestrel),
  system(
    'muenchen-isar-eisf-old',
    'site-muenchen-isar',
    'IRC Studienordner',
    'eisf',
    {
      vendor: 'In-house',
      product: 'IRC Studienordner 2',
    },
    { deactivated: { at: at('2026-05-20 13:00'), by: A.muenchen } },
  ),
  system('muenchen-isar-ehr', 'site-muenchen-isar', 'IRC Patientenakte', 'ehr', P.kestrel),
  system('muenchen-isar-eisf', 'site-muenchen-isar', 'IRC eISF', 'eisf', P.binderly, {
    created: { at: at('2026-05-04 10:20'), by: A.muenchen },
  }),
  system(
    'hamburg-nord-eisf',
    'site-hamburg-nord',
    'UKHN Investigator Site File',
    'eisf',
    P.binderly,
  ),
  system('hamburg-nord-ehr', 'site-hamburg-nord', 'UKHN Klinische Akte', 'ehr', P.kestrel),
  system('ankara-city-eisf', 'site-ankara-city', 'ACRH eISF', 'eisf', P.binderly),
  system('ankara-city-ehr', 'site-ankara-city', 'ACRH Hospital Information System', 'ehr', {
    vendor: 'In-house',
    product: 'ACRH HBYS',
  }),
  system('izmir-ege-eisf', 'site-izmir-ege', 'Ege Trial Binder', 'eisf', P.binderly),
  system('bogazici-eisf', 'site-istanbul-bogazici', 'Boğaziçi eISF', 'eisf', P.binderly),
  system('boston-harbor-eisf', 'site-boston-harbor', 'BHMC Regulatory Binder', 'eisf', P.binderly),
  system('boston-harbor-ehr', 'site-boston-harbor', 'BHMC CareChart', 'ehr', P.carechart),
  system('seattle-sound-eisf', 'site-seattle-sound', 'PSRC eISF', 'eisf', P.binderly),
  system('lyon-sud-eisf', 'site-lyon-sud', 'CHLC Classeur Investigateur', 'eisf', P.binderly),
  system(
    'lyon-sud-eisf-test',
    'site-lyon-sud',
    'CHLC Classeur Investigateur (test)',
    'eisf',
    P.binderly,
    {
      environment: 'test',
    },
  ),
  system('lille-nord-eisf', 'site-lille-nord', 'CULN eISF', 'eisf', P.binderly, {
    deactivated: byPlatform('2026-07-10 08:25'),
  }),
  system(
    'madrid-norte-eisf',
    'site-madrid-norte',
    'HUMN Archivo del Investigador',
    'eisf',
    P.binderly,
  ),
  system('milano-est-eisf', 'site-milano-est', 'PME Investigator File', 'eisf', P.binderly),
  system('milano-est-ehr', 'site-milano-est', 'PME Cartella Clinica', 'ehr', P.carechart),
  system('krakow-wschod-eisf', 'site-krakow-wschod', 'SKKW eISF', 'eisf', P.binderly),
  system('osaka-bay-eisf', 'site-osaka-bay', 'OBUH eISF', 'eisf', P.binderly),
  system('osaka-bay-ehr', 'site-osaka-bay', 'OBUH Electronic Chart', 'ehr', P.kestrel, {
    environment: 'validation',
  }),
  system('manchester-north-eisf', 'site-manchester-north', 'MNRI Site File', 'eisf', P.binderly),
];

// ---------- studies ----------

interface StudyLife {
  record: StudyRecord;
  /** Moved forward (planned → active → closed), each at a time, by someone. */
  steps: { status: 'active' | 'closed'; at: string; by: string }[];
}

const study = (
  studyId: string,
  sponsorOrganisationId: string,
  croOrganisationId: string | null,
  protocolNumber: string,
  title: string,
  phase: StudyRecord['phase'],
  created: { at: string; by: string },
  steps: StudyLife['steps'] = [],
): StudyLife => ({
  record: {
    studyId,
    sponsorOrganisationId,
    croOrganisationId,
    protocolNumber,
    title,
    phase,
    status: 'planned',
    revision: 1,
    writeId: '',
    createdAt: created.at,
    createdBy: created.by,
    updatedAt: created.at,
    updatedBy: created.by,
  },
  steps,
});

const by = (who: string, when: string) => ({ at: at(when), by: who });
const moved = (status: 'active' | 'closed', who: string, when: string) => ({
  status,
  at: at(when),
  by: who,
});

const STUDY_LIVES: readonly StudyLife[] = [
  study(
    'study-nlp-onc-301',
    'sponsor-nordlicht',
    'cro-meridian',
    'NLP-ONC-301',
    'A randomised, double-blind phase 3 study of NL-204 versus placebo in advanced non-small-cell lung cancer',
    'phase-3',
    by(A.nordlicht, '2026-02-02 09:30'),
    [moved('active', A.nordlicht, '2026-03-01 08:00')],
  ),
  study(
    'study-nlp-car-210',
    'sponsor-nordlicht',
    null,
    'NLP-CAR-210',
    'A phase 2 dose-finding study of NL-118 in chronic heart failure',
    'phase-2',
    by(A.nordlicht, '2026-02-16 10:00'),
    [moved('active', A.nordlicht, '2026-03-16 08:00')],
  ),
  study(
    'study-nlp-der-105',
    'sponsor-nordlicht',
    null,
    'NLP-DER-105',
    'A first-in-human study of topical NL-077 in healthy volunteers',
    'phase-1',
    by(A.nordlicht, '2026-01-20 14:00'),
    [
      moved('active', A.nordlicht, '2026-02-01 08:00'),
      moved('closed', A.nordlicht, '2026-09-30 16:00'),
    ],
  ),
  study(
    'study-anb-dia-201',
    'sponsor-anatolia',
    null,
    'ANB-DIA-201',
    'A phase 2 study of AB-31 in type 2 diabetes inadequately controlled on metformin',
    'phase-2',
    by(A.anatolia, '2026-02-10 07:45'),
    [moved('active', A.anatolia, '2026-03-02 07:00')],
  ),
  study(
    'study-anb-vac-401',
    'sponsor-anatolia',
    null,
    'ANB-VAC-401',
    'A post-authorisation safety study of the AB-V2 influenza vaccine',
    'phase-4',
    by(A.anatolia, '2026-11-02 08:15'),
  ),
  study(
    'study-wbt-neu-302',
    'sponsor-westbrook',
    'cro-meridian',
    'WBT-NEU-302',
    "A phase 3 study of WT-880 in early Alzheimer's disease",
    'phase-3',
    by(A.westbrook, '2026-03-04 15:00'),
    [moved('active', A.westbrook, '2026-04-01 13:00')],
  ),
  study(
    'study-wbt-imm-110',
    'sponsor-westbrook',
    null,
    'WBT-IMM-110',
    'A phase 1/2 study of WT-415 in moderate to severe plaque psoriasis',
    'phase-1-2',
    by(A.westbrook, '2026-10-05 14:30'),
  ),
  study(
    'study-skl-hep-201',
    'sponsor-sakura',
    null,
    'SKL-HEP-201',
    'A phase 2 study of SK-902 in chronic hepatitis B',
    'phase-2',
    by(A.sakura, '2026-03-20 02:00'),
    [moved('active', A.sakura, '2026-04-15 01:00')],
  ),
];

// ---------- connections ----------

type HistoryStep = ConnectionRecord['history'][number];
const invited = (
  who: string,
  when: string,
  side: HistoryStep['side'] = 'sponsor',
): HistoryStep => ({
  status: 'invited',
  at: at(when),
  by: who,
  side,
  reason: null,
});
const step = (
  status: HistoryStep['status'],
  side: HistoryStep['side'],
  who: string,
  when: string,
  reason: string | null = null,
): HistoryStep => ({ status, at: at(when), by: who, side, reason });

interface ConnectionLife {
  connectionId: string;
  studyId: string;
  siteOrganisationId: string;
  siteNumber: string;
  principalInvestigator: string;
  sponsorSystemId: string;
  /** The site's system, joined when the site accepted. */
  siteSystemId: string | null;
  history: HistoryStep[];
}

const connection = (
  connectionId: string,
  studyId: string,
  siteOrganisationId: string,
  siteNumber: string,
  principalInvestigator: string,
  systems: [sponsorSystemId: string, siteSystemId: string | null],
  history: HistoryStep[],
): ConnectionLife => ({
  connectionId,
  studyId,
  siteOrganisationId,
  siteNumber,
  principalInvestigator,
  sponsorSystemId: systems[0],
  siteSystemId: systems[1],
  history,
});

const CONNECTION_LIVES: readonly ConnectionLife[] = [
  // NLP-ONC-301: Nordlicht, with Meridian acting for it
  connection(
    'conn-onc301-muenchen',
    'study-nlp-onc-301',
    'site-muenchen-isar',
    '101',
    'Dr. Katrin Vogel',
    ['nordlicht-etmf', 'muenchen-isar-ehr'],
    [
      invited(A.nordlicht, '2026-03-03 09:14'),
      step('active', 'site', A.muenchen, '2026-03-05 11:02'),
    ],
  ),
  connection(
    'conn-onc301-hamburg',
    'study-nlp-onc-301',
    'site-hamburg-nord',
    '102',
    'Prof. Dr. Henrik Albers',
    ['nordlicht-etmf', 'hamburg-nord-eisf'],
    [
      invited(A.nordlicht, '2026-03-03 09:20'),
      step('active', 'site', A.hamburg, '2026-03-09 08:41'),
      step(
        'suspended',
        'site',
        A.hamburg,
        '2026-08-14 12:30',
        'The investigator is on leave; the sub-investigator takes over in December.',
      ),
    ],
  ),
  connection(
    'conn-onc301-lyon',
    'study-nlp-onc-301',
    'site-lyon-sud',
    'FR-201',
    'Dr. Claire Morel',
    ['meridian-etmf', 'lyon-sud-eisf'],
    [invited(A.meridian, '2026-03-10 10:05'), step('active', 'site', A.lyon, '2026-03-18 14:22')],
  ),
  connection(
    'conn-onc301-madrid',
    'study-nlp-onc-301',
    'site-madrid-norte',
    'ES-301',
    'Dra. Lucía Ortega',
    ['meridian-etmf', null],
    [
      invited(A.meridian, '2026-03-10 10:09'),
      step(
        'declined',
        'site',
        A.madrid,
        '2026-03-20 09:55',
        'No capacity in the oncology unit until summer.',
      ),
    ],
  ),
  connection(
    'conn-onc301-madrid-2',
    'study-nlp-onc-301',
    'site-madrid-norte',
    'ES-302',
    'Dra. Lucía Ortega',
    ['meridian-etmf', 'madrid-norte-eisf'],
    [invited(A.meridian, '2026-07-01 08:30'), step('active', 'site', A.madrid, '2026-07-08 10:10')],
  ),
  connection(
    'conn-onc301-milano',
    'study-nlp-onc-301',
    'site-milano-est',
    'IT-401',
    'Dr. Marco Bellini',
    ['meridian-etmf', 'milano-est-eisf'],
    [
      invited(A.meridian, '2026-04-02 07:50'),
      step('active', 'site', A.milano, '2026-04-10 09:15'),
      step(
        'suspended',
        'sponsor',
        A.meridian,
        '2026-06-20 15:40',
        'Monitoring findings under review.',
      ),
      step(
        'active',
        'sponsor',
        A.meridian,
        '2026-07-15 08:05',
        'Findings closed after the follow-up visit.',
      ),
    ],
  ),
  connection(
    'conn-onc301-krakow',
    'study-nlp-onc-301',
    'site-krakow-wschod',
    'PL-501',
    'Dr. hab. Piotr Zieliński',
    ['meridian-etmf', null],
    [invited(A.meridian, '2026-10-27 09:00')],
  ),
  connection(
    'conn-onc301-manchester',
    'study-nlp-onc-301',
    'site-manchester-north',
    'GB-601',
    'Dr. Oliver Hughes',
    ['meridian-etmf', 'manchester-north-eisf'],
    [
      invited(A.meridian, '2026-04-02 08:10'),
      step('active', 'site', A.manchester, '2026-04-06 13:00'),
      step(
        'ended',
        'sponsor',
        A.meridian,
        '2026-10-15 11:45',
        'Recruitment target for the site reached; close-out visit done.',
      ),
    ],
  ),
  // NLP-CAR-210: Nordlicht on its own
  connection(
    'conn-car210-muenchen',
    'study-nlp-car-210',
    'site-muenchen-isar',
    '01',
    'Dr. Felix Hartmann',
    ['nordlicht-ctms', 'muenchen-isar-eisf-old'],
    [
      invited(A.nordlicht, '2026-03-17 08:30'),
      step('active', 'site', A.muenchen, '2026-03-19 10:00'),
      step(
        'ended',
        'site',
        A.muenchen,
        '2026-05-12 09:00',
        'Our old site file is retired; the study continues through the new eISF.',
      ),
    ],
  ),
  connection(
    'conn-car210-muenchen-2',
    'study-nlp-car-210',
    'site-muenchen-isar',
    '01',
    'Dr. Felix Hartmann',
    ['nordlicht-ctms', 'muenchen-isar-eisf'],
    [
      invited(A.nordlicht, '2026-05-12 11:20'),
      step('active', 'site', A.muenchen, '2026-05-13 08:45'),
    ],
  ),
  connection(
    'conn-car210-ankara',
    'study-nlp-car-210',
    'site-ankara-city',
    '02',
    'Prof. Dr. Ayşe Demir',
    ['nordlicht-ctms', 'ankara-city-eisf'],
    [
      invited(A.nordlicht, '2026-03-20 07:40'),
      step('active', 'site', A.ankara, '2026-03-25 06:30'),
      step(
        'suspended',
        'platform',
        A.platform,
        '2026-09-02 10:00',
        "Exchange paused at the site's request during its system migration.",
      ),
    ],
  ),
  connection(
    'conn-car210-izmir',
    'study-nlp-car-210',
    'site-izmir-ege',
    '03',
    'Doç. Dr. Emre Kaya',
    ['nordlicht-ctms', null],
    [
      invited(A.nordlicht, '2026-03-20 07:45'),
      step(
        'ended',
        'sponsor',
        A.nordlicht,
        '2026-04-14 12:00',
        'Invitation withdrawn: site feasibility not confirmed.',
      ),
    ],
  ),
  connection(
    'conn-car210-lille',
    'study-nlp-car-210',
    'site-lille-nord',
    '04',
    'Dr. Julien Lefèvre',
    ['nordlicht-ctms', 'lille-nord-eisf'],
    [
      invited(A.nordlicht, '2026-03-24 09:10'),
      step('active', 'site', A.lille, '2026-03-30 15:00'),
      step(
        'ended',
        'sponsor',
        A.nordlicht,
        '2026-06-30 10:30',
        'The site is closing its research unit.',
      ),
    ],
  ),
  connection(
    'conn-car210-istanbul',
    'study-nlp-car-210',
    'site-istanbul-bogazici',
    '05',
    'Dr. Zeynep Aydın',
    ['nordlicht-ctms', null],
    [invited(A.nordlicht, '2026-11-10 08:00')],
  ),
  // NLP-DER-105: a phase 1 study, finished and closed
  connection(
    'conn-der105-muenchen',
    'study-nlp-der-105',
    'site-muenchen-isar',
    'P1-01',
    'Dr. Sabine Krüger',
    ['nordlicht-etmf', 'muenchen-isar-eisf-old'],
    [
      invited(A.nordlicht, '2026-02-03 08:00'),
      step('active', 'site', A.muenchen, '2026-02-04 09:30'),
      step(
        'ended',
        'sponsor',
        A.nordlicht,
        '2026-05-08 14:00',
        "Last participant's final visit done.",
      ),
    ],
  ),
  connection(
    'conn-der105-hamburg',
    'study-nlp-der-105',
    'site-hamburg-nord',
    'P1-02',
    'Dr. Jonas Petersen',
    ['nordlicht-etmf', 'hamburg-nord-eisf'],
    [
      invited(A.nordlicht, '2026-02-03 08:05'),
      step('active', 'site', A.hamburg, '2026-02-06 10:00'),
      step('ended', 'site', A.hamburg, '2026-09-15 09:20', 'Close-out completed.'),
    ],
  ),
  // ANB-DIA-201: Anatolia
  connection(
    'conn-dia201-ankara',
    'study-anb-dia-201',
    'site-ankara-city',
    'TR-01',
    'Prof. Dr. Mehmet Yıldız',
    ['anatolia-etmf', 'ankara-city-eisf'],
    [invited(A.anatolia, '2026-03-03 06:30'), step('active', 'site', A.ankara, '2026-03-04 07:15')],
  ),
  connection(
    'conn-dia201-izmir',
    'study-anb-dia-201',
    'site-izmir-ege',
    'TR-02',
    'Prof. Dr. Elif Şahin',
    ['anatolia-etmf', 'izmir-ege-eisf'],
    [
      invited(A.anatolia, '2026-03-03 06:35'),
      step('active', 'site', A.izmir, '2026-03-10 08:00'),
      step(
        'suspended',
        'sponsor',
        A.anatolia,
        '2026-10-20 13:10',
        'Temperature excursion at the site pharmacy under investigation.',
      ),
    ],
  ),
  connection(
    'conn-dia201-istanbul',
    'study-anb-dia-201',
    'site-istanbul-bogazici',
    'TR-03',
    'Doç. Dr. Can Öztürk',
    ['anatolia-etmf', 'bogazici-eisf'],
    [
      invited(A.anatolia, '2026-03-05 07:00'),
      step('active', 'site', A.istanbul, '2026-03-12 09:40'),
    ],
  ),
  connection(
    'conn-dia201-muenchen',
    'study-anb-dia-201',
    'site-muenchen-isar',
    'DE-01',
    'Dr. Lena Schulz',
    ['anatolia-etmf', null],
    [
      invited(A.anatolia, '2026-04-20 08:00'),
      step(
        'declined',
        'site',
        A.muenchen,
        '2026-04-28 10:30',
        'A competing study recruits the same patients.',
      ),
    ],
  ),
  connection(
    'conn-dia201-krakow',
    'study-anb-dia-201',
    'site-krakow-wschod',
    'PL-01',
    'Dr. Tomasz Wójcik',
    ['anatolia-etmf', 'krakow-wschod-eisf'],
    [invited(A.anatolia, '2026-06-01 07:30'), step('active', 'site', A.krakow, '2026-06-09 08:20')],
  ),
  // WBT-NEU-302: Westbrook, with Meridian acting for it
  connection(
    'conn-neu302-boston',
    'study-wbt-neu-302',
    'site-boston-harbor',
    '1001',
    'Dr. Rachel Goldberg',
    ['westbrook-etmf', 'boston-harbor-eisf'],
    [
      invited(A.westbrook, '2026-04-02 14:00'),
      step('active', 'site', A.boston, '2026-04-03 16:30'),
    ],
  ),
  connection(
    'conn-neu302-seattle',
    'study-wbt-neu-302',
    'site-seattle-sound',
    '1002',
    'Dr. David Park',
    ['westbrook-etmf', 'seattle-sound-eisf'],
    [
      invited(A.westbrook, '2026-04-02 14:05'),
      step('active', 'site', A.seattle, '2026-04-09 17:00'),
      step(
        'suspended',
        'site',
        A.seattle,
        '2026-09-21 16:00',
        'The clinic moves to a new building; no visits until November.',
      ),
      step('active', 'site', A.seattle, '2026-11-09 15:30', 'Moved; visits resume.'),
    ],
  ),
  connection(
    'conn-neu302-manchester',
    'study-wbt-neu-302',
    'site-manchester-north',
    '2001',
    'Dr. Hannah Clarke',
    ['meridian-ctms', 'manchester-north-eisf'],
    [
      invited(A.meridian, '2026-04-15 09:00'),
      step('active', 'site', A.manchester, '2026-04-22 10:45'),
    ],
  ),
  connection(
    'conn-neu302-milano',
    'study-wbt-neu-302',
    'site-milano-est',
    '3001',
    'Prof. Giulia Romano',
    ['meridian-ctms', 'milano-est-eisf'],
    [
      invited(A.meridian, '2026-04-15 09:10'),
      step('active', 'site', A.milano, '2026-04-24 08:30'),
      step(
        'suspended',
        'sponsor',
        A.meridian,
        '2026-11-02 09:00',
        'Pending renewal of the site contract.',
      ),
    ],
  ),
  connection(
    'conn-neu302-lyon',
    'study-wbt-neu-302',
    'site-lyon-sud',
    '4001',
    'Dr. Antoine Girard',
    ['meridian-ctms', null],
    [invited(A.meridian, '2026-11-16 10:20')],
  ),
  connection(
    'conn-neu302-osaka',
    'study-wbt-neu-302',
    'site-osaka-bay',
    '5001',
    'Dr. Kenji Watanabe',
    ['westbrook-etmf', null],
    [
      invited(A.westbrook, '2026-05-06 13:00'),
      step(
        'declined',
        'site',
        A.osaka,
        '2026-05-15 02:30',
        "Not approved by the hospital's research committee.",
      ),
    ],
  ),
  // WBT-IMM-110: planned, its first site invited
  connection(
    'conn-imm110-boston',
    'study-wbt-imm-110',
    'site-boston-harbor',
    '101',
    'Dr. Maria Alvarez',
    ['westbrook-ctms', null],
    [invited(A.westbrook, '2026-10-19 15:00')],
  ),
  // SKL-HEP-201: Sakura
  connection(
    'conn-hep201-osaka',
    'study-skl-hep-201',
    'site-osaka-bay',
    'JP-01',
    'Dr. Yuki Tanaka',
    ['sakura-etmf', 'osaka-bay-eisf'],
    [invited(A.sakura, '2026-04-16 01:30'), step('active', 'site', A.osaka, '2026-04-20 03:00')],
  ),
  connection(
    'conn-hep201-ankara',
    'study-skl-hep-201',
    'site-ankara-city',
    'TR-01',
    'Prof. Dr. Serkan Çelik',
    ['sakura-etmf', 'ankara-city-eisf'],
    [invited(A.sakura, '2026-05-11 02:00'), step('active', 'site', A.ankara, '2026-05-25 07:00')],
  ),
  connection(
    'conn-hep201-madrid',
    'study-skl-hep-201',
    'site-madrid-norte',
    'ES-01',
    'Dr. Javier Morales',
    ['sakura-etmf', 'madrid-norte-eisf'],
    [
      invited(A.sakura, '2026-05-11 02:10'),
      step('active', 'site', A.madrid, '2026-05-19 09:00'),
      step(
        'ended',
        'site',
        A.madrid,
        '2026-08-28 11:00',
        'The principal investigator left the hospital.',
      ),
    ],
  ),
  connection(
    'conn-hep201-seattle',
    'study-skl-hep-201',
    'site-seattle-sound',
    'US-01',
    'Dr. Emily Foster',
    ['sakura-etmf', null],
    [invited(A.sakura, '2026-11-18 18:00')],
  ),
];

// ---------- mapping standards ----------

/** The details of a standard's version (its rows aside), as an administrator gave them. */
interface StandardDetails {
  name: string;
  description: string | null;
  systemIds: string[];
  product: string | null;
}

/**
 * One step of a standard's life, as the artifact/* calls would have taken it: `created` (version
 * 1, a draft, with the rows of the system's list of document types, imported), `edited` (the
 * draft's rows saved), `published` (the draft signed by `by`, meaning "Approved"), `new-version`
 * (the next draft, started from the version in use: its details and rows document).
 */
type StandardStep = { at: string; by: string } & (
  | { kind: 'created'; details: StandardDetails; rows: readonly MappingRow[] }
  | { kind: 'edited'; rows: readonly MappingRow[] }
  | { kind: 'published' }
  | { kind: 'new-version' }
);

interface StandardLife {
  standardId: string;
  organisationId: string;
  steps: StandardStep[];
}

/** The printed names of the administrators who sign (a signature's name, 21 CFR 11.50). */
const PRINTED_NAMES: Readonly<Record<string, string>> = {
  [A.berlin]: 'Eva Vogel',
  [A.nordlicht]: 'Anna Keller',
  [A.muenchen]: 'Clara Huber',
};

const STANDARD_LIVES: readonly StandardLife[] = [
  {
    standardId: 'std-nordlichtetmf',
    organisationId: 'sponsor-nordlicht',
    steps: [
      {
        kind: 'created',
        ...by(A.nordlicht, '2026-02-18 10:40'),
        details: {
          name: 'Tessera eTMF - sponsor document types',
          description:
            "The document types of Nordlicht's eTMF, mapped to the TMF Reference Model 3.3 for the exchanges with sites and the CRO.",
          systemIds: ['nordlicht-etmf'],
          product: P.tesseraEtmf.product,
        },
        rows: TESSERA_NORDLICHT_ROWS,
      },
      { kind: 'published', ...by(A.nordlicht, '2026-02-25 16:05') },
    ],
  },
  {
    standardId: 'std-berlinmitteeisf',
    organisationId: 'site-berlin-mitte',
    steps: [
      {
        kind: 'created',
        ...by(A.berlin, '2026-06-08 09:15'),
        details: {
          name: 'Binderly eISF - site document types',
          description:
            "How the KBM eISF files a study site's documents, mapped to the TMF Reference Model 3.3.",
          systemIds: ['berlin-mitte-eisf'],
          product: P.binderly.product,
        },
        rows: BINDERLY_V1_ROWS,
      },
      { kind: 'published', ...by(A.berlin, '2026-06-15 14:20') },
      { kind: 'new-version', ...by(A.berlin, '2026-10-12 09:30') },
      { kind: 'edited', ...by(A.berlin, '2026-10-14 15:10'), rows: BINDERLY_V2_ROWS },
    ],
  },
  {
    // The one site standard in use on an active connection to a published sponsor standard
    // (NLP-ONC-301, site 101 to Nordlicht's eTMF): the simulated partner systems (issue 36,
    // src/partner-systems/) exchange documents over it. The Patientenakte files the study
    // documents under the same list of types as the site's eISF.
    standardId: 'std-muenchenisarehr',
    organisationId: 'site-muenchen-isar',
    steps: [
      {
        kind: 'created',
        ...by(A.muenchen, '2026-04-20 10:30'),
        details: {
          name: 'Kestrel EHR - study document types',
          description:
            "The study documents IRC's Patientenakte keeps for the trials it takes part in, mapped to the TMF Reference Model 3.3.",
          systemIds: ['muenchen-isar-ehr'],
          product: P.kestrel.product,
        },
        rows: BINDERLY_V1_ROWS,
      },
      { kind: 'published', ...by(A.muenchen, '2026-04-27 15:45') },
    ],
  },
  {
    standardId: 'std-meridianetmf',
    organisationId: 'cro-meridian',
    steps: [
      {
        kind: 'created',
        ...by(A.meridian, '2026-11-10 11:45'),
        details: {
          name: 'Tessera eTMF - CRO document types',
          description: "Meridian's monitoring and project documents, being mapped.",
          systemIds: ['meridian-etmf'],
          product: P.tesseraEtmf.product,
        },
        rows: TESSERA_MERIDIAN_DRAFT_ROWS,
      },
    ],
  },
];

const CATALOGUE = CATALOGUES['3.3'];

/** What a version's record says of its rows (rows-facts in the standards feature). */
const rowsFactsOf = (standardId: string, rows: readonly MappingRow[]) => ({
  rowsKey: standardRowsKey(standardId, rows),
  rowCount: rows.length,
  problemCount: validateRows(rows, CATALOGUE).length,
});

/** The standard after one step of its life, as the standards feature would have stored it. */
const standardAfter = (
  life: StandardLife,
  before: StandardRecord | null,
  step: StandardStep,
): StandardRecord => {
  const fail = (why: string) => new Error(`seed: standard ${life.standardId}: ${why}`);
  const stamp = {
    revision: (before?.revision ?? 0) + 1,
    writeId: '',
    updatedAt: step.at,
    updatedBy: step.by,
  };
  const touched = { updatedAt: step.at, updatedBy: step.by };
  if (step.kind === 'created') {
    if (before !== null) throw fail('created twice');
    return {
      standardId: life.standardId,
      organisationId: life.organisationId,
      catalogueVersion: '3.3',
      versions: [
        {
          version: 1,
          status: 'draft',
          ...step.details,
          ...rowsFactsOf(life.standardId, step.rows),
          basedOnVersion: null,
          createdAt: step.at,
          createdBy: step.by,
          ...touched,
          signature: null,
          retired: null,
        },
      ],
      createdAt: step.at,
      createdBy: step.by,
      ...stamp,
    };
  }
  if (before === null) throw fail(`${step.kind} before it was created`);
  const draft = before.versions.find((v) => v.status === 'draft');
  const withVersion = (v: StandardVersionRecord): StandardRecord => ({
    ...before,
    ...stamp,
    versions: before.versions.some((each) => each.version === v.version)
      ? before.versions.map((each) => (each.version === v.version ? v : each))
      : [...before.versions, v],
  });
  switch (step.kind) {
    case 'edited':
      if (draft === undefined) throw fail('edited without a draft');
      return withVersion({ ...draft, ...rowsFactsOf(life.standardId, step.rows), ...touched });
    case 'published': {
      if (draft === undefined) throw fail('published without a draft');
      if (draft.problemCount > 0) throw fail(`version ${String(draft.version)} has problems`);
      const signerName = PRINTED_NAMES[step.by];
      if (signerName === undefined) throw fail(`${step.by} has no printed name`);
      return withVersion({
        ...draft,
        status: 'published',
        ...touched,
        signature: {
          signerName,
          signerEmail: step.by,
          signerSub: `seed-${step.by}`,
          meaning: 'Approved',
          signedAt: step.at,
        },
      });
    }
    case 'new-version': {
      const from = before.versions.findLast((v) => v.status === 'published');
      if (draft !== undefined || from === undefined) throw fail('no version to start from');
      return withVersion({
        ...from,
        version: Math.max(...before.versions.map((v) => v.version)) + 1,
        status: 'draft',
        basedOnVersion: from.version,
        createdAt: step.at,
        createdBy: step.by,
        ...touched,
        signature: null,
        retired: null,
      });
    }
  }
};

const standardVersions = (life: StandardLife): SeedVersion[] => {
  const out: SeedVersion[] = [];
  let record: StandardRecord | null = null;
  for (const step of life.steps) {
    const expectedRevision: number | null = record?.revision ?? null;
    record = standardAfter(life, record, step);
    out.push({ item: { type: 'standard', record }, expectedRevision });
  }
  return out;
};

/**
 * The rows documents the seeded standards' versions name, each once: what the console writes into
 * the artifacts bucket (seed.ts `seedStandardRows`), at the key a version record names.
 */
export const SEED_STANDARD_ROWS: readonly {
  standardId: string;
  key: string;
  rows: readonly MappingRow[];
}[] = [
  ...new Map(
    STANDARD_LIVES.flatMap((life) =>
      life.steps.flatMap((step) =>
        step.kind === 'created' || step.kind === 'edited'
          ? [
              {
                standardId: life.standardId,
                key: standardRowsKey(life.standardId, step.rows),
                rows: step.rows,
              },
            ]
          : [],
      ),
    ).map((doc) => [doc.key, doc]),
  ).values(),
];

// ---------- every record's versions ----------

type AnyRecord = RegistryRecord['record'];

/** One version of one record: the record as a change puts it (its revision says which). */
export interface SeedVersion {
  item: RegistryRecord;
  /** The revision it replaces (null: it is created). */
  expectedRevision: number | null;
}

const changed = <R extends AnyRecord>(
  record: R,
  revision: number,
  when: string,
  who: string,
): R => ({
  ...record,
  revision,
  updatedAt: when,
  updatedBy: who,
});

const organisationVersions = (life: OrganisationLife): SeedVersion[] => [
  { item: { type: 'organisation', record: life.record }, expectedRevision: null },
  ...(life.deactivated === undefined
    ? []
    : [
        {
          item: {
            type: 'organisation' as const,
            record: {
              ...changed(life.record, 2, life.deactivated.at, life.deactivated.by),
              status: 'inactive' as const,
            },
          },
          expectedRevision: 1,
        },
      ]),
];

const systemVersions = (life: SystemLife): SeedVersion[] => [
  { item: { type: 'system', record: life.record }, expectedRevision: null },
  ...(life.deactivated === undefined
    ? []
    : [
        {
          item: {
            type: 'system' as const,
            record: {
              ...changed(life.record, 2, life.deactivated.at, life.deactivated.by),
              status: 'inactive' as const,
            },
          },
          expectedRevision: 1,
        },
      ]),
];

const studyVersions = (life: StudyLife): SeedVersion[] => [
  { item: { type: 'study', record: life.record }, expectedRevision: null },
  ...life.steps.map((s, i) => ({
    item: {
      type: 'study' as const,
      record: { ...changed(life.record, i + 2, s.at, s.by), status: s.status },
    },
    expectedRevision: i + 1,
  })),
];

const STUDY_OF = new Map(STUDY_LIVES.map((s) => [s.record.studyId, s.record]));
const SITE_COUNTRY = new Map(
  ORGANISATION_LIVES.map((o) => [o.record.organisationId, o.record.country]),
);

/** A connection after its first `n` steps, as the API would have stored it then. */
const connectionAt = (life: ConnectionLife, n: number): ConnectionRecord => {
  const history = life.history.slice(0, n);
  const first = history[0];
  const last = history[history.length - 1];
  const study = STUDY_OF.get(life.studyId);
  if (first === undefined || last === undefined || study === undefined) {
    throw new Error(`seed: connection ${life.connectionId} has no history or no study`);
  }
  const accepted = history.some((h, i) => i > 0 && h.status === 'active');
  return {
    connectionId: life.connectionId,
    studyId: life.studyId,
    sponsorOrganisationId: study.sponsorOrganisationId,
    croOrganisationId: study.croOrganisationId,
    siteOrganisationId: life.siteOrganisationId,
    siteNumber: life.siteNumber,
    country: SITE_COUNTRY.get(life.siteOrganisationId) ?? '',
    principalInvestigator: life.principalInvestigator,
    sponsorSystemId: life.sponsorSystemId,
    siteSystemId: accepted ? life.siteSystemId : null,
    status: last.status,
    suspendedBy: last.status === 'suspended' ? last.side : null,
    history,
    revision: n,
    writeId: '',
    createdAt: first.at,
    createdBy: first.by,
    updatedAt: last.at,
    updatedBy: last.by,
  };
};

const connectionVersions = (life: ConnectionLife): SeedVersion[] =>
  life.history.map((_, i) => ({
    item: { type: 'connection' as const, record: connectionAt(life, i + 1) },
    expectedRevision: i === 0 ? null : i,
  }));

/**
 * Every version of every record, oldest first (ties: organisations, systems, studies,
 * connections, standards).
 */
export const SEED_VERSIONS: readonly SeedVersion[] = [
  ...ORGANISATION_LIVES.flatMap(organisationVersions),
  ...SYSTEM_LIVES.flatMap(systemVersions),
  ...STUDY_LIVES.flatMap(studyVersions),
  ...CONNECTION_LIVES.flatMap(connectionVersions),
  ...STANDARD_LIVES.flatMap(standardVersions),
]
  .map((version, order) => ({ version, order }))
  .sort((a, b) =>
    a.version.item.record.updatedAt === b.version.item.record.updatedAt
      ? a.order - b.order
      : a.version.item.record.updatedAt < b.version.item.record.updatedAt
        ? -1
        : 1,
  )
  .map(({ version }) => version);

// ---------- the changes ----------

const isOpen = (c: ConnectionRecord): boolean => OPEN_CONNECTION_STATUSES.includes(c.status);

/** The unique values a record holds: the registry's own rule (ports/registry.ts `claimsOf`). */
const claimsHeld = (item: RegistryRecord | null): string[] => (item === null ? [] : claimsOf(item));

/**
 * The uses an open connection counts (as the connection writes count them): its study, the
 * organisations on both sides (the CRO when the study names one) and its systems (the site's
 * once accepted). Nothing else counts a use.
 */
export const usesHeld = (item: RegistryRecord | null): string[] => {
  if (item?.type !== 'connection' || !isOpen(item.record)) return [];
  const c = item.record;
  return [
    useKey('study', c.studyId),
    useKey('organisation', c.sponsorOrganisationId),
    ...(c.croOrganisationId === null ? [] : [useKey('organisation', c.croOrganisationId)]),
    useKey('organisation', c.siteOrganisationId),
    useKey('system', c.sponsorSystemId),
    ...(c.siteSystemId === null ? [] : [useKey('system', c.siteSystemId)]),
  ];
};

/** What the messages of the claims say, should one be held already. */
const claimMessage = (key: string): string =>
  `The seed claims ${key}, which is taken: seed the registry into an empty table.`;

/** At most this many items in one DynamoDB transaction, less the version and the change log. */
const ITEMS_PER_CHANGE = 98;

/** A change being gathered: its versions, and its claims, releases and uses summed. */
class Gathered {
  readonly puts: SeedVersion[] = [];
  readonly claims = new Set<string>();
  readonly releases = new Set<string>();
  readonly uses = new Map<string, number>();

  /** The items of its transaction (a key both claimed and released stays held: no item). */
  items(): number {
    const claims = [...this.claims].filter((k) => !this.releases.has(k)).length;
    const releases = [...this.releases].filter((k) => !this.claims.has(k)).length;
    const uses = [...this.uses.values()].filter((by) => by !== 0).length;
    return this.puts.length + claims + releases + uses;
  }

  /** The items it would have with `step` added. */
  itemsWith(step: Step): number {
    const claims = new Set([...this.claims, ...step.claims]);
    const releases = new Set([...this.releases, ...step.releases]);
    const uses = new Map(this.uses);
    for (const [key, by] of step.uses) uses.set(key, (uses.get(key) ?? 0) + by);
    return (
      this.puts.length +
      1 +
      [...claims].filter((k) => !releases.has(k)).length +
      [...releases].filter((k) => !claims.has(k)).length +
      [...uses.values()].filter((by) => by !== 0).length
    );
  }

  add(step: Step): void {
    this.puts.push(step.version);
    for (const key of step.claims) this.claims.add(key);
    for (const key of step.releases) this.releases.add(key);
    for (const [key, by] of step.uses) this.uses.set(key, (this.uses.get(key) ?? 0) + by);
  }

  toChange(writeId: string): RegistryChange {
    const claims = [...this.claims].filter((k) => !this.releases.has(k));
    const releases = [...this.releases].filter((k) => !this.claims.has(k));
    const uses = [...this.uses].filter(([, by]) => by !== 0);
    return {
      writeId,
      puts: this.puts.map(({ item, expectedRevision }) => ({ item, expectedRevision })),
      ...(claims.length === 0
        ? {}
        : { claims: claims.map((key) => ({ key, message: claimMessage(key) })) }),
      ...(releases.length === 0 ? {} : { releases }),
      // `uses` counts one at a time: a key used n times more is listed n times.
      ...(uses.length === 0
        ? {}
        : {
            uses: uses.flatMap(([key, by]) =>
              Array.from({ length: Math.abs(by) }, () => ({
                key,
                by: by > 0 ? (1 as const) : (-1 as const),
              })),
            ),
          }),
    };
  }
}

/** One version with what it claims, releases and counts, against the record's version before. */
interface Step {
  version: SeedVersion;
  claims: string[];
  releases: string[];
  uses: Map<string, number>;
}

/**
 * The seed as registry changes, as few as fit: each version goes into the first change after the
 * one that holds the record's version before it and after every change that claimed or released
 * a unique value it claims or releases (an open connection's claim, released when it ended, is
 * claimed again only by a later change), in a change that still fits one transaction. Each change
 * claims what its versions newly hold and releases what they give up, and counts the uses up and
 * down as connections open, take their site system and close. The order of the changes follows
 * each record's history; the times are the versions' own.
 */
export const seedChanges = (writeIdPrefix = 'seed-network'): RegistryChange[] => {
  const current = new Map<string, RegistryRecord>();
  /** The change (index) that last put each record, or claimed or released each key. */
  const lastTouch = new Map<string, number>();
  const gathered: Gathered[] = [];
  for (const version of SEED_VERSIONS) {
    const record = `${version.item.type}#${idOf(version.item)}`;
    const before = current.get(record) ?? null;
    const had = new Set(claimsHeld(before));
    const has = new Set(claimsHeld(version.item));
    const uses = new Map<string, number>();
    for (const key of usesHeld(before)) uses.set(key, (uses.get(key) ?? 0) - 1);
    for (const key of usesHeld(version.item)) uses.set(key, (uses.get(key) ?? 0) + 1);
    const step: Step = {
      version,
      claims: [...has].filter((k) => !had.has(k)),
      releases: [...had].filter((k) => !has.has(k)),
      uses,
    };
    const touched = [
      record,
      ...step.claims.map((k) => `claim#${k}`),
      ...step.releases.map((k) => `claim#${k}`),
    ];
    const earliest = Math.max(-1, ...touched.map((t) => lastTouch.get(t) ?? -1)) + 1;
    let at = earliest;
    while (at < gathered.length && (gathered[at]?.itemsWith(step) ?? 0) > ITEMS_PER_CHANGE) at += 1;
    const change = gathered[at] ?? new Gathered();
    if (at === gathered.length) gathered.push(change);
    change.add(step);
    for (const t of touched) lastTouch.set(t, at);
    current.set(record, version.item);
  }
  return gathered.map((g, i) => g.toChange(`${writeIdPrefix}-${String(i + 1).padStart(3, '0')}`));
};

// ---------- the network as it stands ----------

/** Each record as the last change that put it stored it (its revision, that change's write id). */
const stored = (): Map<string, RegistryRecord> => {
  const out = new Map<string, RegistryRecord>();
  for (const change of seedChanges()) {
    for (const { item, expectedRevision } of change.puts) {
      out.set(`${item.type}#${idOf(item)}`, {
        ...item,
        record: { ...item.record, revision: (expectedRevision ?? 0) + 1, writeId: change.writeId },
      } as RegistryRecord);
    }
  }
  return out;
};
const STORED = [...stored().values()];

export const SEED_ORGANISATIONS: readonly OrganisationRecord[] = STORED.flatMap((r) =>
  r.type === 'organisation' ? [r.record] : [],
);
export const SEED_SYSTEMS: readonly SystemRecord[] = STORED.flatMap((r) =>
  r.type === 'system' ? [r.record] : [],
);
export const SEED_STUDIES: readonly StudyRecord[] = STORED.flatMap((r) =>
  r.type === 'study' ? [r.record] : [],
);
export const SEED_CONNECTIONS: readonly ConnectionRecord[] = STORED.flatMap((r) =>
  r.type === 'connection' ? [r.record] : [],
);
export const SEED_STANDARDS: readonly StandardRecord[] = STORED.flatMap((r) =>
  r.type === 'standard' ? [r.record] : [],
);
