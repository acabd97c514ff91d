import * as z from 'zod';

/** The registry's kinds, statuses and CSV columns (the model: organisations.ts). */

export const ORGANISATION_KINDS = ['site', 'sponsor', 'cro'] as const;
export const organisationKindSchema = z.lazy(() => z.enum(ORGANISATION_KINDS));
export type OrganisationKind = z.infer<typeof organisationKindSchema>;

export const REGISTRY_STATUSES = ['active', 'inactive'] as const;
export const registryStatusSchema = z.lazy(() => z.enum(REGISTRY_STATUSES));
export type RegistryStatus = z.infer<typeof registryStatusSchema>;

export const SYSTEM_KINDS = [
  'eisf',
  'etmf',
  'ctms',
  'edc',
  'ehr',
  'irt',
  'safety',
  'other',
] as const;
export const systemKindSchema = z.lazy(() => z.enum(SYSTEM_KINDS));
export type SystemKind = z.infer<typeof systemKindSchema>;

export const SYSTEM_ENVIRONMENTS = ['production', 'validation', 'test'] as const;
export const systemEnvironmentSchema = z.lazy(() => z.enum(SYSTEM_ENVIRONMENTS));

export const STUDY_PHASES = [
  'phase-1',
  'phase-1-2',
  'phase-2',
  'phase-2-3',
  'phase-3',
  'phase-4',
  'not-applicable',
] as const;
export const studyPhaseSchema = z.lazy(() => z.enum(STUDY_PHASES));

export const STUDY_STATUSES = ['planned', 'active', 'closed'] as const;
export const studyStatusSchema = z.lazy(() => z.enum(STUDY_STATUSES));
export type StudyStatus = z.infer<typeof studyStatusSchema>;

export const CONNECTION_STATUSES = ['invited', 'active', 'suspended', 'ended', 'declined'] as const;
export const connectionStatusSchema = z.lazy(() => z.enum(CONNECTION_STATUSES));
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;
/** A connection that still binds its study, organisations and systems. */
export const OPEN_CONNECTION_STATUSES: readonly ConnectionStatus[] = [
  'invited',
  'active',
  'suspended',
];

/** The side of a connection an action is taken for. */
export const connectionSideSchema = z.lazy(() => z.enum(['sponsor', 'site', 'platform']));
export type ConnectionSide = z.infer<typeof connectionSideSchema>;

// ---- Field rules (the forms use the same) ----

export const REGISTRY_MESSAGES = {
  nameChars: "Use letters, digits, spaces and . , & ' ( ) / - + : # only.",
  country: 'Country must be an ISO 3166-1 alpha-2 code, e.g. DE.',
  protocolChars: 'Use letters, digits and . _ / - only.',
} as const;

/** The column order of the organisation and system CSV files (import and export alike). */
export const ORGANISATION_CSV_COLUMNS = [
  'name',
  'kind',
  'country',
  'contactEmail',
  'identifiers',
] as const;
export const SYSTEM_CSV_COLUMNS = [
  'organisationId',
  'organisationName',
  'name',
  'kind',
  'vendor',
  'product',
  'environment',
  'technicalContactEmail',
] as const;

/**
 * The columns an export adds after the import's: the record's id, status and times. An import
 * accepts them and does not read them, so an exported file can be imported elsewhere as it is.
 */
export const ORGANISATION_EXPORT_ONLY_COLUMNS = [
  'organisationId',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export const SYSTEM_EXPORT_ONLY_COLUMNS = ['systemId', 'status', 'createdAt', 'updatedAt'] as const;

type RegistryCsvColumn =
  | (typeof ORGANISATION_CSV_COLUMNS)[number]
  | (typeof SYSTEM_CSV_COLUMNS)[number]
  | (typeof ORGANISATION_EXPORT_ONLY_COLUMNS)[number]
  | (typeof SYSTEM_EXPORT_ONLY_COLUMNS)[number];

/**
 * What the files the console writes call each column of the registry's CSV files, as its other
 * exports name theirs ("Contact e-mail", "Created (UTC)"; issue 37: one style in every export).
 * An import reads a column by this title or by its key ("contactEmail"), in any case, so an
 * exported file imports as it is and files made to the keys keep working.
 */
export const REGISTRY_CSV_TITLES: Readonly<Record<RegistryCsvColumn, string>> = {
  name: 'Name',
  kind: 'Kind',
  country: 'Country',
  contactEmail: 'Contact e-mail',
  identifiers: 'Identifiers',
  organisationId: 'Organisation ID',
  organisationName: 'Organisation',
  vendor: 'Vendor',
  product: 'Product',
  environment: 'Environment',
  technicalContactEmail: 'Technical contact e-mail',
  systemId: 'System ID',
  status: 'Status',
  createdAt: 'Created (UTC)',
  updatedAt: 'Last changed (UTC)',
};

/** A registry CSV column's title (REGISTRY_CSV_TITLES); a name that is no column, as it is. */
export const registryCsvTitle = (column: string): string =>
  (REGISTRY_CSV_TITLES as Readonly<Partial<Record<string, string>>>)[column] ?? column;
