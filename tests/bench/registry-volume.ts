/**
 * The registry bench's volume (`registry.ts` describes the bench): its sizes and every
 * organisation, system, study and connection, made by a fixed-seed generator.
 */
import {
  claimKeys,
  type ConnectionRecord,
  type OrganisationRecord,
  type RegistryChange,
  type StudyRecord,
  type SystemRecord,
  useKey,
} from '@ccsc/lambdas/adapters';

export const ORGANISATIONS = 5_000;
export const SYSTEMS = 20_000;
export const STUDIES = 1_000;
export const CONNECTIONS = 50_000;
export const IMPORT_ROWS = 1_000;
export const RUNS = 15;
/** The page the web app's lists ask for. */
export const PAGE = 25;

// ---------- the volume ----------

/** mulberry32: a small generator with a fixed seed, so every run loads the same registry. */
const generator = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const COUNTRIES = [
  'DE',
  'FR',
  'ES',
  'IT',
  'PL',
  'US',
  'JP',
  'TR',
  'GB',
  'NL',
  'SE',
  'CZ',
] as const;
export const CITIES = [
  'Aachen',
  'Bordeaux',
  'Valencia',
  'Torino',
  'Gdańsk',
  'Denver',
  'Sendai',
  'Bursa',
  'Leeds',
  'Utrecht',
  'Uppsala',
  'Brno',
  'Freiburg',
  'Nantes',
  'Sevilla',
  'Bologna',
  'Poznań',
  'Portland',
  'Kobe',
  'Eskişehir',
  'Bristol',
  'Groningen',
  'Lund',
  'Olomouc',
];
const SITE_WORDS = [
  'University Hospital',
  'Klinikum',
  'Clinical Research Centre',
  'Medical Center',
];
const SPONSOR_WORDS = ['Pharma', 'Biotech', 'Therapeutics', 'Life Sciences'];
const SURNAMES = ['Nowak', 'Müller', 'Rossi', 'García', 'Smith', 'Tanaka', 'Yılmaz', 'Martin'];
const CONDITIONS = [
  'chronic hepatitis B',
  'early Alzheimer disease',
  'type 2 diabetes',
  'plaque psoriasis',
  'heart failure',
  'non-small-cell lung cancer',
  'rheumatoid arthritis',
  'major depressive disorder',
];
const SYSTEM_KINDS: Record<OrganisationRecord['kind'], SystemRecord['kind'][]> = {
  site: ['eisf', 'ehr', 'ctms', 'irt', 'other'],
  sponsor: ['etmf', 'ctms', 'edc', 'safety', 'irt'],
  cro: ['ctms', 'etmf', 'edc', 'irt', 'other'],
};
const VENDORS = ['Lindqvist Software', 'Tessera Clinical', 'Quillon Data', 'Kestrel Health IT'];

export const pad = (n: number, width = 5) => String(n).padStart(width, '0');
const ADMIN = 'bench.admin@bench.example';

/** Times spread over the year before the bench's day. */
const timeAt = (day: number, minute = 0) =>
  new Date(Date.UTC(2025, 10, 1) + day * 86_400_000 + minute * 60_000).toISOString();

const stamp = (at: string) => ({
  revision: 1,
  writeId: '',
  createdAt: at,
  createdBy: ADMIN,
  updatedAt: at,
  updatedBy: ADMIN,
});

/** The busy sponsor whose detail page is timed: 60 studies, 6,000 connections. */
export const BUSY_SPONSOR = 'bench-sponsor-00001';

interface Volume {
  changes: RegistryChange[];
  counts: { organisations: number; systems: number; studies: number; connections: number };
}

/**
 * The bench's registry on top of what is there (`have`: the seed's counts), up to the totals
 * above: one change per record created, with the claims and uses the API makes for it.
 */
export const volume = (have: Volume['counts']): Volume => {
  const random = generator(14);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const changes: RegistryChange[] = [];
  const create = (
    item: RegistryChange['puts'][number]['item'],
    more: Omit<RegistryChange, 'writeId' | 'puts'> = {},
  ) => {
    changes.push({
      writeId: `bench-${pad(changes.length + 1, 6)}`,
      puts: [{ item, expectedRevision: null }],
      ...more,
    });
  };

  // Organisations: 5% sponsors, 1% CROs, the rest sites.
  const total = ORGANISATIONS - have.organisations;
  const sponsors: OrganisationRecord[] = [];
  const cros: OrganisationRecord[] = [];
  const sites: OrganisationRecord[] = [];
  for (let n = 1; n <= total; n += 1) {
    const kind: OrganisationRecord['kind'] =
      n <= total * 0.05 ? 'sponsor' : n <= total * 0.06 ? 'cro' : 'site';
    const country = COUNTRIES[n % COUNTRIES.length] ?? 'DE';
    const city = CITIES[Math.floor(n / COUNTRIES.length) % CITIES.length] ?? 'Aachen';
    const name =
      kind === 'site'
        ? `${pick(SITE_WORDS)} ${city} ${String(n)}`
        : kind === 'sponsor'
          ? `${city} ${pick(SPONSOR_WORDS)} ${String(n)}`
          : `${city} Clinical Research ${String(n)}`;
    const record: OrganisationRecord = {
      organisationId: `bench-${kind}-${pad(kind === 'site' ? n : kind === 'sponsor' ? sponsors.length + 1 : cros.length + 1)}`,
      name,
      kind,
      country,
      identifiers: n % 3 === 0 ? [{ label: 'Site network', value: `SN-${pad(n)}` }] : [],
      contactEmail: `contact-${String(n)}@bench.example`,
      status: n % 41 === 0 ? 'inactive' : 'active',
      ...stamp(timeAt(n % 60, n)),
    };
    (kind === 'site' ? sites : kind === 'sponsor' ? sponsors : cros).push(record);
    create(
      { type: 'organisation', record },
      {
        claims: [
          {
            key: claimKeys.organisationName(country, name),
            message: `${name} is loaded twice.`,
          },
        ],
      },
    );
  }
  const organisations = [...sponsors, ...cros, ...sites];

  // Systems: four or five an organisation, of the kinds its kind runs.
  const systemsOf = new Map<string, SystemRecord[]>();
  const systemTotal = SYSTEMS - have.systems;
  for (let n = 0; n < systemTotal; n += 1) {
    const organisation = organisations[n % organisations.length] as OrganisationRecord;
    const own = systemsOf.get(organisation.organisationId) ?? [];
    const kind = SYSTEM_KINDS[organisation.kind][own.length % 5] ?? 'other';
    const record: SystemRecord = {
      systemId: `${organisation.organisationId}-sys-${String(own.length + 1)}`,
      organisationId: organisation.organisationId,
      name: `${organisation.name.split(' ')[0] ?? ''} ${kind.toUpperCase()} ${String(own.length + 1)}`,
      kind,
      vendor: pick(VENDORS),
      product: `${kind.toUpperCase()} Suite`,
      environment: own.length === 4 ? 'validation' : 'production',
      technicalContactEmail: `it-${pad(n)}@bench.example`,
      // Active unless its organisation is not (then nothing of it may be connected).
      status: organisation.status,
      ...stamp(timeAt(60 + (n % 30), n)),
    };
    own.push(record);
    systemsOf.set(organisation.organisationId, own);
    create(
      { type: 'system', record },
      {
        claims: [
          {
            key: claimKeys.systemName(record.organisationId, record.name),
            message: `${record.name} is loaded twice.`,
          },
        ],
      },
    );
  }

  // Studies: the busy sponsor 60, the other active sponsors the rest; every third with a CRO.
  const activeSponsors = sponsors.filter((s) => s.status === 'active');
  const activeCros = cros.filter((c) => c.status === 'active');
  const studies: StudyRecord[] = [];
  const studyTotal = STUDIES - have.studies;
  for (let n = 1; n <= studyTotal; n += 1) {
    const sponsor =
      n <= 60
        ? (sponsors[0] as OrganisationRecord)
        : (activeSponsors[1 + (n % (activeSponsors.length - 1))] as OrganisationRecord);
    const cro = n % 3 === 0 ? (activeCros[n % activeCros.length] ?? null) : null;
    const protocolNumber = `BX-${pad(n, 4)}-${String(2 + (n % 3))}`;
    const record: StudyRecord = {
      studyId: `bench-study-${pad(n, 4)}`,
      sponsorOrganisationId: sponsor.organisationId,
      croOrganisationId: cro?.organisationId ?? null,
      protocolNumber,
      title: `A phase ${String(2 + (n % 3))} study of BX-${String(n)} in ${pick(CONDITIONS)}`,
      phase: n % 3 === 0 ? 'phase-2' : n % 3 === 1 ? 'phase-3' : 'phase-4',
      status: n % 25 === 0 ? 'planned' : 'active',
      ...stamp(timeAt(90 + (n % 30), n)),
    };
    studies.push(record);
    create(
      { type: 'study', record },
      {
        claims: [
          {
            key: claimKeys.studyProtocol(sponsor.organisationId, protocolNumber),
            message: `${protocolNumber} is loaded twice.`,
          },
        ],
      },
    );
  }

  // Connections: each study at distinct active sites (the busy sponsor's ~100 a study), in every
  // state, with the history that led there.
  const activeSites = sites.filter((s) => s.status === 'active');
  const connectionTotal = CONNECTIONS - have.connections;
  const busyStudies = studies.filter((s) => s.sponsorOrganisationId === BUSY_SPONSOR).length;
  const perBusyStudy = 100;
  const others = studies.length - busyStudies;
  const rest = connectionTotal - busyStudies * perBusyStudy;
  // Sites k steps apart, the step prime to their number: a study's sites are all different.
  let stride = 7;
  while (activeSites.length % stride === 0) stride += 2;
  let made = 0;
  let other = 0;
  for (const study of studies) {
    let share = perBusyStudy;
    if (study.sponsorOrganisationId !== BUSY_SPONSOR) {
      share = Math.floor((rest * (other + 1)) / others) - Math.floor((rest * other) / others);
      other += 1;
    }
    const offset = Math.floor(random() * activeSites.length);
    for (let k = 0; k < share; k += 1) {
      const site = activeSites[(offset + k * stride) % activeSites.length] as OrganisationRecord;
      const sponsorSide =
        study.croOrganisationId !== null && k % 2 === 1
          ? study.croOrganisationId
          : study.sponsorOrganisationId;
      const sponsorSystem = (systemsOf.get(sponsorSide) ?? [])[0] as SystemRecord;
      const siteSystem = (systemsOf.get(site.organisationId) ?? [])[0] as SystemRecord;
      const roll = random();
      const path: ConnectionRecord['history'][number]['status'][] =
        roll < 0.1
          ? ['invited']
          : roll < 0.7
            ? ['invited', 'active']
            : roll < 0.78
              ? ['invited', 'active', 'suspended']
              : roll < 0.88
                ? ['invited', 'active', 'ended']
                : roll < 0.93
                  ? ['invited', 'ended']
                  : ['invited', 'declined'];
      const day = 120 + Math.floor(random() * 200);
      const sides = ['sponsor', 'site', 'platform'] as const;
      const history = path.map((status, i) => ({
        status,
        at: timeAt(day + i * 7, k),
        by: i === 0 ? ADMIN : `site-admin-${pad(k)}@bench.example`,
        side:
          i === 0
            ? ('sponsor' as const)
            : status === 'suspended'
              ? (sides[k % 3] ?? 'site')
              : ('site' as const),
        reason: status === 'declined' ? 'No capacity this year.' : null,
      }));
      const last = history[history.length - 1] as (typeof history)[number];
      const accepted = path.includes('active');
      const record: ConnectionRecord = {
        connectionId: `bench-conn-${pad(made + 1, 6)}`,
        studyId: study.studyId,
        sponsorOrganisationId: study.sponsorOrganisationId,
        croOrganisationId: study.croOrganisationId,
        siteOrganisationId: site.organisationId,
        siteNumber: String(100 + k),
        country: site.country,
        principalInvestigator: `Dr. ${pick(SURNAMES)} ${String(k)}`,
        sponsorSystemId: sponsorSystem.systemId,
        siteSystemId: accepted ? siteSystem.systemId : null,
        status: last.status,
        suspendedBy: last.status === 'suspended' ? last.side : null,
        history,
        ...stamp(history[0]?.at ?? ''),
        updatedAt: last.at,
        updatedBy: last.by,
      };
      const open = ['invited', 'active', 'suspended'].includes(record.status);
      create(
        { type: 'connection', record },
        open
          ? {
              claims: [
                {
                  key: claimKeys.openConnection(study.studyId, site.organisationId),
                  message: `${study.studyId} at ${site.organisationId} is loaded twice.`,
                },
              ],
              uses: [
                useKey('study', study.studyId),
                useKey('organisation', study.sponsorOrganisationId),
                ...(study.croOrganisationId === null
                  ? []
                  : [useKey('organisation', study.croOrganisationId)]),
                useKey('organisation', site.organisationId),
                useKey('system', sponsorSystem.systemId),
                ...(record.siteSystemId === null ? [] : [useKey('system', record.siteSystemId)]),
              ].map((key) => ({ key, by: 1 as const })),
            }
          : {},
      );
      made += 1;
    }
  }
  return {
    changes,
    counts: {
      organisations: organisations.length,
      systems: systemTotal,
      studies: studies.length,
      connections: made,
    },
  };
};
