import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { claimKeys, DynamoRegistry } from '@ccsc/lambdas/adapters';
import type { OrganisationRecord, SystemRecord } from '@ccsc/lambdas/adapters';

/**
 * Reference data the offline console starts with (issue 5): a few sponsors and several sites,
 * each with the systems that exchange data through the console. Names are made up; the system
 * kinds (EDC, CTMS, eTMF, EHR) are what such organisations run. Written as registry records
 * (issue 14) through the registry's own adapter, in one change. Seeded once per data folder (a
 * marker record says it was done), so that what an administrator later changes stays as changed.
 */

const SEEDED_AT = '2025-01-01T00:00:00.000Z';
const stamp = {
  revision: 1,
  writeId: 'seed-reference-data',
  createdAt: SEEDED_AT,
  createdBy: 'system',
  updatedAt: SEEDED_AT,
  updatedBy: 'system',
};
const organisation = (
  organisationId: string,
  name: string,
  kind: OrganisationRecord['kind'],
  country: string,
): OrganisationRecord => ({
  ...stamp,
  organisationId,
  name,
  kind,
  country,
  identifiers: [],
  contactEmail: null,
  status: 'active',
});

export const SEED_ORGANISATIONS: readonly OrganisationRecord[] = [
  organisation('sponsor-nordlicht', 'Nordlicht Pharma AG', 'sponsor', 'DE'),
  organisation('sponsor-anatolia', 'Anatolia Biotech A.Ş.', 'sponsor', 'TR'),
  organisation('sponsor-westbrook', 'Westbrook Therapeutics Inc.', 'sponsor', 'US'),
  organisation('site-berlin-mitte', 'Klinikum Berlin-Mitte', 'site', 'DE'),
  organisation('site-hamburg-nord', 'Universitätsklinikum Hamburg-Nord', 'site', 'DE'),
  organisation('site-ankara-city', 'Ankara City Research Hospital', 'site', 'TR'),
  organisation('site-izmir-ege', 'Ege Clinical Research Centre Izmir', 'site', 'TR'),
  organisation('site-boston-harbor', 'Boston Harbor Medical Center', 'site', 'US'),
  organisation('site-lyon-sud', 'Centre Hospitalier Lyon-Sud', 'site', 'FR'),
];

const system = (
  systemId: string,
  organisationId: string,
  name: string,
  kind: SystemRecord['kind'],
  vendor: string,
  product: string,
): SystemRecord => ({
  ...stamp,
  systemId,
  organisationId,
  name,
  kind,
  vendor,
  product,
  environment: 'production',
  technicalContactEmail: `it@${organisationId}.example.com`,
  status: 'active',
});

export const SEED_SYSTEMS: readonly SystemRecord[] = [
  system('nordlicht-edc', 'sponsor-nordlicht', 'Nordlicht EDC', 'edc', 'Medidata', 'Rave EDC'),
  system('nordlicht-ctms', 'sponsor-nordlicht', 'Nordlicht CTMS', 'ctms', 'Veeva', 'Vault CTMS'),
  system('anatolia-edc', 'sponsor-anatolia', 'Anatolia EDC', 'edc', 'Oracle', 'Clinical One'),
  system('westbrook-etmf', 'sponsor-westbrook', 'Westbrook eTMF', 'etmf', 'Veeva', 'Vault eTMF'),
  system('westbrook-edc', 'sponsor-westbrook', 'Westbrook EDC', 'edc', 'Medidata', 'Rave EDC'),
  system('berlin-mitte-ehr', 'site-berlin-mitte', 'KBM Patient Record', 'ehr', 'Dedalus', 'ORBIS'),
  system(
    'berlin-mitte-ctms',
    'site-berlin-mitte',
    'KBM Study Management',
    'ctms',
    'In-house',
    'KBM Studienverwaltung',
  ),
  system(
    'hamburg-nord-ehr',
    'site-hamburg-nord',
    'UKHN Clinical Record',
    'ehr',
    'Cerner',
    'Millennium',
  ),
  system(
    'ankara-city-ehr',
    'site-ankara-city',
    'ACRH Hospital Information System',
    'ehr',
    'In-house',
    'ACRH HBYS',
  ),
  system('izmir-ege-ctms', 'site-izmir-ege', 'Ege Trial Office', 'ctms', 'Advarra', 'OnCore'),
  system('boston-harbor-ehr', 'site-boston-harbor', 'BHMC Epic', 'ehr', 'Epic', 'EpicCare'),
  system('boston-harbor-ctms', 'site-boston-harbor', 'BHMC OnCore', 'ctms', 'Advarra', 'OnCore'),
  system(
    'lyon-sud-ehr',
    'site-lyon-sud',
    'CHLS Dossier Patient',
    'ehr',
    'In-house',
    'Dossier Patient Informatisé',
  ),
];

const MARKER = { pk: 'SEED', sk: 'organisations' };

/** Seeds the reference data into the main table unless this data folder has had it already. */
export const seedReferenceData = async (options: {
  endpoint: string;
  region: string;
  tableName: string;
}): Promise<boolean> => {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: options.region,
      endpoint: options.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  try {
    const done = await client.send(new GetCommand({ TableName: options.tableName, Key: MARKER }));
    if (done.Item !== undefined) return false;
    // One change under one write id: made again after an interruption, it counts as done.
    await new DynamoRegistry(client, options.tableName).commit({
      writeId: stamp.writeId,
      puts: [
        ...SEED_ORGANISATIONS.map((record) => ({
          item: { type: 'organisation' as const, record },
          expectedRevision: null,
        })),
        ...SEED_SYSTEMS.map((record) => ({
          item: { type: 'system' as const, record },
          expectedRevision: null,
        })),
      ],
      claims: SEED_ORGANISATIONS.map((o) => ({
        key: claimKeys.organisationName(o.country, o.name),
        message: `${o.name} is seeded twice.`,
      })),
    });
    await client.send(
      new PutCommand({
        TableName: options.tableName,
        Item: { ...MARKER, seededAt: new Date().toISOString() },
      }),
    );
    return true;
  } finally {
    client.destroy();
  }
};
