import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  organisationItem,
  orgSystemItem,
  type OrganisationRecord,
  type OrgSystemRecord,
} from '@ccsc/lambdas/data-model';

/**
 * Reference data the offline console starts with (issue 5): a few sponsors and several sites,
 * each with the systems that exchange data through the console. Names are made up; the system
 * kinds (EDC, CTMS, eTMF, EHR) are what such organisations run. Seeded once per data folder (a
 * marker record says it was done), so that organisations an administrator later removes do not
 * come back at the next start.
 */
export const SEED_ORGANISATIONS: readonly OrganisationRecord[] = [
  {
    organisationId: 'sponsor-nordlicht',
    name: 'Nordlicht Pharma AG',
    kind: 'sponsor',
    country: 'DE',
  },
  {
    organisationId: 'sponsor-anatolia',
    name: 'Anatolia Biotech A.Ş.',
    kind: 'sponsor',
    country: 'TR',
  },
  {
    organisationId: 'sponsor-westbrook',
    name: 'Westbrook Therapeutics Inc.',
    kind: 'sponsor',
    country: 'US',
  },
  {
    organisationId: 'site-berlin-mitte',
    name: 'Klinikum Berlin-Mitte',
    kind: 'site',
    country: 'DE',
  },
  {
    organisationId: 'site-hamburg-nord',
    name: 'Universitätsklinikum Hamburg-Nord',
    kind: 'site',
    country: 'DE',
  },
  {
    organisationId: 'site-ankara-city',
    name: 'Ankara City Research Hospital',
    kind: 'site',
    country: 'TR',
  },
  {
    organisationId: 'site-izmir-ege',
    name: 'Ege Clinical Research Centre Izmir',
    kind: 'site',
    country: 'TR',
  },
  {
    organisationId: 'site-boston-harbor',
    name: 'Boston Harbor Medical Center',
    kind: 'site',
    country: 'US',
  },
  {
    organisationId: 'site-lyon-sud',
    name: 'Centre Hospitalier Lyon-Sud',
    kind: 'site',
    country: 'FR',
  },
];

export const SEED_SYSTEMS: readonly OrgSystemRecord[] = [
  {
    systemId: 'nordlicht-edc',
    organisationId: 'sponsor-nordlicht',
    name: 'Nordlicht EDC',
    vendor: 'Medidata',
  },
  {
    systemId: 'nordlicht-ctms',
    organisationId: 'sponsor-nordlicht',
    name: 'Nordlicht CTMS',
    vendor: 'Veeva',
  },
  {
    systemId: 'anatolia-edc',
    organisationId: 'sponsor-anatolia',
    name: 'Anatolia EDC',
    vendor: 'Oracle',
  },
  {
    systemId: 'westbrook-etmf',
    organisationId: 'sponsor-westbrook',
    name: 'Westbrook eTMF',
    vendor: 'Veeva',
  },
  {
    systemId: 'westbrook-edc',
    organisationId: 'sponsor-westbrook',
    name: 'Westbrook EDC',
    vendor: 'Medidata',
  },
  {
    systemId: 'berlin-mitte-ehr',
    organisationId: 'site-berlin-mitte',
    name: 'KBM Patient Record',
    vendor: 'Dedalus',
  },
  {
    systemId: 'berlin-mitte-ctms',
    organisationId: 'site-berlin-mitte',
    name: 'KBM Study Management',
    vendor: null,
  },
  {
    systemId: 'hamburg-nord-ehr',
    organisationId: 'site-hamburg-nord',
    name: 'UKHN Clinical Record',
    vendor: 'Cerner',
  },
  {
    systemId: 'ankara-city-ehr',
    organisationId: 'site-ankara-city',
    name: 'ACRH Hospital Information System',
    vendor: null,
  },
  {
    systemId: 'izmir-ege-ctms',
    organisationId: 'site-izmir-ege',
    name: 'Ege Trial Office',
    vendor: 'Advarra',
  },
  {
    systemId: 'boston-harbor-ehr',
    organisationId: 'site-boston-harbor',
    name: 'BHMC Epic',
    vendor: 'Epic',
  },
  {
    systemId: 'boston-harbor-ctms',
    organisationId: 'site-boston-harbor',
    name: 'BHMC OnCore',
    vendor: 'Advarra',
  },
  {
    systemId: 'lyon-sud-ehr',
    organisationId: 'site-lyon-sud',
    name: 'CHLS Dossier Patient',
    vendor: null,
  },
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
  );
  try {
    const done = await client.send(new GetCommand({ TableName: options.tableName, Key: MARKER }));
    if (done.Item !== undefined) return false;
    const put = async (item: Record<string, unknown>) => {
      try {
        await client.send(
          new PutCommand({
            TableName: options.tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      }
    };
    await Promise.all([
      ...SEED_ORGANISATIONS.map((org) => put(organisationItem(org))),
      ...SEED_SYSTEMS.map((system) => put(orgSystemItem(system))),
    ]);
    await put({ ...MARKER, seededAt: new Date().toISOString() });
    return true;
  } finally {
    client.destroy();
  }
};
