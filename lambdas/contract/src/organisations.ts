import * as z from 'zod';
import { cursorSchema, emailSchema, identifierSchema, isoDateSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema, pageRequest } from './common';
import { defineRoute } from './route';
import { isCountryCode } from './countries';

/**
 * The registry (issue 14): organisations, their systems, the sponsors' studies and the
 * site–sponsor connections. The model, in one place:
 *
 * - An **organisation** is a site, a sponsor, or a CRO (a contract research organisation acting
 *   for sponsors on the studies that name it). Name, country (ISO 3166-1 alpha-2), external
 *   identifiers (label + value), contact e-mail, status active / inactive.
 * - An **organisation system** belongs to one organisation: kind, vendor, product, environment,
 *   technical contact, status. API credentials (issue 15) are issued to systems.
 * - A **study** is owned by a sponsor; protocol number unique per sponsor (in any case); it may
 *   name a CRO that acts for the sponsor on it. Status planned → active → closed (or planned →
 *   closed); closed is final.
 * - A **connection** is one study at one site (a study site): the site number, country and
 *   principal investigator, the sponsor-side system and, once accepted, the site system that
 *   exchange documents for it. The sponsor side (the study's sponsor or its CRO) invites; the
 *   site accepts (choosing its system) or declines; either side suspends; the side that suspended
 *   (or a PlatformAdmin) resumes; either side ends. invited → active ⇄ suspended → ended, or
 *   invited → declined, or invited → ended (an invitation withdrawn). Ended and declined are
 *   final. A site is invited to a study once while an earlier connection is open (invited,
 *   active, suspended); after it ended or was declined it may be invited again.
 * - Nothing anything references is deleted: organisations and systems are deactivated. An
 *   organisation, a system or a study that an **open** connection (invited, active, suspended)
 *   uses cannot be deactivated or closed: the refusal names the connections. An inactive
 *   organisation or system cannot be chosen for a new connection or an acceptance; a study
 *   that is closed takes no invitations.
 * - Every record carries a `revision`: a change names the revision it was made from and is
 *   refused (409) when someone changed the record meanwhile.
 *
 * Who may do what (registry-access.ts): a PlatformAdmin everything; an OrgAdmin their own
 * organisation's details and systems, a sponsor's (or CRO's) OrgAdmin their studies and
 * invitations, a site's OrgAdmin the answers to invitations to their site; an Auditor reads.
 * An OrgAdmin or an Auditor of an organisation sees their own organisation, and other
 * organisations only as far as a connection of theirs shows them.
 */

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

/** Names of organisations, systems, people and studies: any script, no control characters. */
export const registryTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(max, `At most ${String(max)} characters.`)
    .regex(/^[\p{L}\p{M}\p{N} .,&'()/+:#–-]+$/u, REGISTRY_MESSAGES.nameChars);

/** ISO 3166-1 alpha-2, upper case (checked against the list of assigned codes). */
export const countrySchema = z.lazy(() =>
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, REGISTRY_MESSAGES.country)
        .refine(isCountryCode, REGISTRY_MESSAGES.country),
    ),
);

export const externalIdentifierSchema = z.lazy(() =>
  z
    .object({
      label: registryTextSchema(60),
      value: z
        .string()
        .trim()
        .min(1, 'This field is required.')
        .max(100)
        .regex(/^[\p{L}\p{N} ._/:#-]+$/u, 'Use letters, digits, spaces and . _ / : # - only.'),
    })
    .strict(),
);

export const protocolNumberSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(60)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, REGISTRY_MESSAGES.protocolChars),
);

export const siteNumberSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(20)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits and . _ - only.'),
);

export const reasonSchema = z.lazy(() => z.string().trim().max(500).optional());
export const revisionSchema = z.lazy(() => z.number().int().min(1));
const searchSchema = z.lazy(() =>
  z
    .string()
    .max(128)
    .regex(/^[\p{L}\p{M}\p{N} .,&'()/+:#_@-]*$/u, 'search may not contain that character')
    .optional(),
);

// ---- Records as the console shows them ----

const changedSchema = {
  revision: z.number().int(),
  createdAt: isoDateSchema,
  /** E-mail of who created it (or "system" for the seed and migrations). */
  createdBy: z.string(),
  updatedAt: isoDateSchema,
  updatedBy: z.string(),
};

export const organisationSchema = z.object({
  organisationId: z.string(),
  name: z.string(),
  kind: organisationKindSchema,
  country: z.string(),
  identifiers: z.array(z.object({ label: z.string(), value: z.string() })),
  contactEmail: z.string().nullable(),
  status: registryStatusSchema,
  ...changedSchema,
});
export type Organisation = z.infer<typeof organisationSchema>;

export const orgSystemSchema = z.lazy(() =>
  z.object({
    systemId: z.string(),
    organisationId: z.string(),
    organisationName: z.string(),
    name: z.string(),
    kind: systemKindSchema,
    vendor: z.string(),
    product: z.string(),
    environment: systemEnvironmentSchema,
    technicalContactEmail: z.string(),
    status: registryStatusSchema,
    ...changedSchema,
  }),
);
export type OrgSystem = z.infer<typeof orgSystemSchema>;

export const studySchema = z.lazy(() =>
  z.object({
    studyId: z.string(),
    sponsorOrganisationId: z.string(),
    sponsorName: z.string(),
    croOrganisationId: z.string().nullable(),
    croName: z.string().nullable(),
    protocolNumber: z.string(),
    title: z.string(),
    phase: studyPhaseSchema,
    status: studyStatusSchema,
    ...changedSchema,
  }),
);
export type Study = z.infer<typeof studySchema>;

/** One step of a connection's life: who (and for which side) did what, when. */
export const connectionEventSchema = z.lazy(() =>
  z.object({
    status: connectionStatusSchema,
    at: isoDateSchema,
    by: z.string(),
    side: connectionSideSchema,
    reason: z.string().nullable(),
  }),
);

export const connectionSchema = z.lazy(() =>
  z.object({
    connectionId: z.string(),
    studyId: z.string(),
    protocolNumber: z.string(),
    studyTitle: z.string(),
    sponsorOrganisationId: z.string(),
    sponsorName: z.string(),
    /** The CRO acting for the sponsor on the study, when it names one. */
    croOrganisationId: z.string().nullable(),
    siteOrganisationId: z.string(),
    siteName: z.string(),
    siteNumber: z.string(),
    country: z.string(),
    principalInvestigator: z.string(),
    sponsorSystemId: z.string(),
    sponsorSystemName: z.string(),
    siteSystemId: z.string().nullable(),
    siteSystemName: z.string().nullable(),
    status: connectionStatusSchema,
    /** Which side suspended it (resumed by that side or a PlatformAdmin); null unless suspended. */
    suspendedBy: connectionSideSchema.nullable(),
    history: z.array(connectionEventSchema),
    ...changedSchema,
  }),
);
export type Connection = z.infer<typeof connectionSchema>;

// ---- List queries ----

const pageResponse = {
  count: z.number().int(),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
};

/** Query strings carry text: `limit` is read from digits there. */
const queryLimit = z.lazy(() => z.coerce.number().int().min(1).max(100).optional());

export const organisationListQuerySchema = z.object({
  /** Start of any word of the name, or of an identifier's value, or the country code; any case. */
  search: searchSchema,
  kind: organisationKindSchema.optional(),
  status: registryStatusSchema.optional(),
  country: countrySchema.optional(),
});
export const systemListQuerySchema = z.object({
  search: searchSchema,
  organisationId: identifierSchema.optional(),
  kind: systemKindSchema.optional(),
  environment: systemEnvironmentSchema.optional(),
  status: registryStatusSchema.optional(),
});
export const studyListQuerySchema = z.object({
  search: searchSchema,
  /** Studies this organisation owns or acts for (CRO) or is connected to (site). */
  organisationId: identifierSchema.optional(),
  status: studyStatusSchema.optional(),
});
export const connectionListQuerySchema = z.object({
  search: searchSchema,
  studyId: identifierSchema.optional(),
  /** Connections this organisation is part of (sponsor, CRO or site). */
  organisationId: identifierSchema.optional(),
  systemId: identifierSchema.optional(),
  status: connectionStatusSchema.optional(),
  country: countrySchema.optional(),
});

const organisationPage = z.lazy(() =>
  z.object({ organisations: z.array(organisationSchema), ...pageResponse }),
);
const systemPage = z.lazy(() => z.object({ systems: z.array(orgSystemSchema), ...pageResponse }));

// ---- Write payloads ----

export const organisationInputSchema = z
  .object({
    name: registryTextSchema(150),
    kind: organisationKindSchema,
    country: countrySchema,
    identifiers: z.array(externalIdentifierSchema).max(10).optional(),
    contactEmail: emailSchema.nullable().optional(),
  })
  .strict();
export type OrganisationInput = z.output<typeof organisationInputSchema>;

export const systemInputSchema = z
  .object({
    organisationId: identifierSchema,
    name: registryTextSchema(100),
    kind: systemKindSchema,
    vendor: registryTextSchema(100),
    product: registryTextSchema(100),
    environment: systemEnvironmentSchema,
    technicalContactEmail: emailSchema,
  })
  .strict();
export type SystemInput = z.output<typeof systemInputSchema>;

export const studyInputSchema = z
  .object({
    sponsorOrganisationId: identifierSchema,
    croOrganisationId: identifierSchema.nullable().optional(),
    protocolNumber: protocolNumberSchema,
    title: registryTextSchema(300),
    phase: studyPhaseSchema,
  })
  .strict();
export type StudyInput = z.output<typeof studyInputSchema>;

export const inviteSiteInputSchema = z
  .object({
    studyId: identifierSchema,
    siteOrganisationId: identifierSchema,
    siteNumber: siteNumberSchema,
    country: countrySchema,
    principalInvestigator: registryTextSchema(150),
    sponsorSystemId: identifierSchema,
  })
  .strict();
export type InviteSiteInput = z.output<typeof inviteSiteInputSchema>;

const connectionStep = z
  .object({ connectionId: identifierSchema, revision: revisionSchema, reason: reasonSchema })
  .strict();

/** A CSV import: checked in full first (`dryRun`), then saved all or nothing. */
export const importRequestSchema = z
  .object({
    /** The file's text (UTF-8, header row first; comma or semicolon separated). */
    csv: z.string().min(1, 'The file is empty.').max(2_000_000),
    dryRun: z.boolean(),
  })
  .strict();
export const importProblemSchema = z.lazy(() =>
  z.object({
    /** The line of the file (1 is the header). */
    line: z.number().int(),
    /** The column the problem is in, when it is one column's. */
    column: z.string().nullable(),
    message: z.string(),
  }),
);
export const importResponseSchema = z.lazy(() =>
  z.object({
    /** Rows read (the header excluded). */
    rows: z.number().int(),
    problems: z.array(importProblemSchema),
    /** How many were saved: 0 on a dry run or when any row has a problem. */
    created: z.number().int(),
    /** The header the file must have, for the message that explains it. */
    columns: z.array(z.string()),
  }),
);

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

/** SPEC's two lists of one kind (sites; sponsors and CROs): the list query but its kind. */
const organisationsOfOneKindQuery = () =>
  organisationListQuerySchema
    .omit({ kind: true })
    .extend({ limit: queryLimit, cursor: cursorSchema.optional() })
    .strict();

/** The registry calls (SPEC §7's three lists, and ours: issue 14). */
export const organisationRoutes = {
  getSiteOrgList: defineRoute({
    operation: 'getSiteOrgList',
    method: 'GET',
    path: 'getSiteOrgList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'Site organisations the caller may see, by name: filtered (search, status, country) and ' +
      'paged with a cursor (at most 100 a page, 50 unless `limit` says).',
    request: organisationsOfOneKindQuery,
    response: () => organisationPage,
  }),
  getSponsorList: defineRoute({
    operation: 'getSponsorList',
    method: 'GET',
    path: 'getSponsorList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Sponsor and CRO organisations the caller may see, like getSiteOrgList.',
    request: organisationsOfOneKindQuery,
    response: () => organisationPage,
  }),
  getOrgSysList: defineRoute({
    operation: 'getOrgSysList',
    method: 'GET',
    path: 'getOrgSysList',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "Organisation systems the caller may see (an organisation's, when `organisationId` says), " +
      'by organisation and name; filtered and paged like the organisation lists.',
    request: () =>
      systemListQuerySchema.extend({ limit: queryLimit, cursor: cursorSchema.optional() }).strict(),
    response: () => systemPage,
  }),
  'list-organisations': defineRoute({
    operation: 'list-organisations',
    method: 'POST',
    path: 'list-organisations',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Organisations of every kind the caller may see, filtered and paged, by name.',
    request: () => organisationListQuerySchema.extend(pageRequest).strict(),
    response: () => organisationPage,
  }),
  'get-organisation': defineRoute({
    operation: 'get-organisation',
    method: 'POST',
    path: 'get-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "One organisation with its systems, its studies (owned or acted for) and the first page of its connections (newest change first), as far as the caller may see them; 404 when it does not exist or lies outside the caller's sight.",
    request: () => z.object({ organisationId: identifierSchema }).strict(),
    response: () =>
      z.object({
        organisation: organisationSchema,
        systems: z.array(orgSystemSchema),
        studies: z.array(studySchema),
        connections: z.array(connectionSchema),
        connectionTotal: z.number().int(),
      }),
  }),
  'create-organisation': defineRoute({
    operation: 'create-organisation',
    method: 'POST',
    path: 'create-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Registers an organisation (active). 409 when one of that name and country exists.',
    request: () => organisationInputSchema,
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'update-organisation': defineRoute({
    operation: 'update-organisation',
    method: 'POST',
    path: 'update-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Changes an organisation's details (an OrgAdmin: their own; the kind only a PlatformAdmin, and never while a connection or study uses it in that role).",
    request: () =>
      z
        .object({
          organisationId: identifierSchema,
          revision: revisionSchema,
          changes: organisationInputSchema.partial().strict(),
        })
        .strict(),
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'activate-organisation': defineRoute({
    operation: 'activate-organisation',
    method: 'POST',
    path: 'activate-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary: 'Makes an inactive organisation active again.',
    request: () =>
      z.object({ organisationId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'deactivate-organisation': defineRoute({
    operation: 'deactivate-organisation',
    method: 'POST',
    path: 'deactivate-organisation',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary:
      'Deactivates an organisation; refused (409, naming them) while an open connection uses it.',
    request: () =>
      z.object({ organisationId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ organisation: organisationSchema }),
  }),
  'import-organisations': defineRoute({
    operation: 'import-organisations',
    method: 'POST',
    path: 'import-organisations',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary:
      'Organisations from a CSV file (columns: name, kind, country, contactEmail, identifiers as ' +
      '"label: value | label: value"): every row checked, each problem listed by line; saved ' +
      'only when no row has one and `dryRun` is false, all or nothing.',
    request: () => importRequestSchema,
    response: () => importResponseSchema,
    // The CSV as a JSON string: escapes and multi-byte letters take up to 3 bytes a character.
    maxBodyBytes: 6_002_048,
  }),
  'export-organisations': defineRoute({
    operation: 'export-organisations',
    method: 'POST',
    path: 'export-organisations',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The filtered organisation list as CSV (by name); a link that expires in minutes.',
    request: () => organisationListQuerySchema.strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int() }),
  }),
  'create-system': defineRoute({
    operation: 'create-system',
    method: 'POST',
    path: 'create-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Registers a system of an active organisation (an OrgAdmin: of their own).',
    request: () => systemInputSchema,
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'update-system': defineRoute({
    operation: 'update-system',
    method: 'POST',
    path: 'update-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: "Changes a system's details (never its organisation).",
    request: () =>
      z
        .object({
          systemId: identifierSchema,
          revision: revisionSchema,
          changes: systemInputSchema.omit({ organisationId: true }).partial().strict(),
        })
        .strict(),
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'activate-system': defineRoute({
    operation: 'activate-system',
    method: 'POST',
    path: 'activate-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Makes an inactive system active again (its organisation must be active).',
    request: () => z.object({ systemId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'deactivate-system': defineRoute({
    operation: 'deactivate-system',
    method: 'POST',
    path: 'deactivate-system',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Deactivates a system; refused (409, naming them) while an open connection uses it.',
    request: () => z.object({ systemId: identifierSchema, revision: revisionSchema }).strict(),
    response: () => z.object({ system: orgSystemSchema }),
  }),
  'import-systems': defineRoute({
    operation: 'import-systems',
    method: 'POST',
    path: 'import-systems',
    input: 'body',
    auth: 'authenticated',
    roles: ['PlatformAdmin'],
    summary:
      'Systems from a CSV file (the organisation named by organisationId, or else by its exact ' +
      'name): checked and saved like import-organisations.',
    request: () => importRequestSchema,
    response: () => importResponseSchema,
    // The CSV as a JSON string: escapes and multi-byte letters take up to 3 bytes a character.
    maxBodyBytes: 6_002_048,
  }),
  'export-systems': defineRoute({
    operation: 'export-systems',
    method: 'POST',
    path: 'export-systems',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The filtered system list as CSV; a link that expires in minutes.',
    request: () => systemListQuerySchema.strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int() }),
  }),
  'list-studies': defineRoute({
    operation: 'list-studies',
    method: 'POST',
    path: 'list-studies',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'Studies the caller may see (by sponsor, then protocol number), filtered and paged.',
    request: () => studyListQuerySchema.extend(pageRequest).strict(),
    response: () => z.object({ studies: z.array(studySchema), ...pageResponse }),
  }),
  'create-study': defineRoute({
    operation: 'create-study',
    method: 'POST',
    path: 'create-study',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Registers a study (planned) of an active sponsor (an OrgAdmin: their own sponsor's); 409 on the field when the sponsor already uses the protocol number.",
    request: () => studyInputSchema,
    response: () => z.object({ study: studySchema }),
  }),
  'update-study': defineRoute({
    operation: 'update-study',
    method: 'POST',
    path: 'update-study',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Changes a study (title, phase, CRO, protocol number) or moves its status forward (planned → active → closed); closing is refused while an open connection uses it.',
    request: () =>
      z
        .object({
          studyId: identifierSchema,
          revision: revisionSchema,
          changes: studyInputSchema
            .omit({ sponsorOrganisationId: true })
            .extend({ status: studyStatusSchema })
            .partial()
            .strict(),
        })
        .strict(),
    response: () => z.object({ study: studySchema }),
  }),
  'list-connections': defineRoute({
    operation: 'list-connections',
    method: 'POST',
    path: 'list-connections',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'Connections the caller may see (their organisation is the sponsor, the CRO or the site), newest change first, filtered and paged; `search` matches the protocol number, study title, sponsor, site, site number or investigator.',
    request: () => connectionListQuerySchema.extend(pageRequest).strict(),
    response: () => z.object({ connections: z.array(connectionSchema), ...pageResponse }),
  }),
  'export-connections': defineRoute({
    operation: 'export-connections',
    method: 'POST',
    path: 'export-connections',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary: 'The filtered connection list as CSV; a link that expires in minutes.',
    request: () => connectionListQuerySchema.strict(),
    response: () => downloadLinkSchema.extend({ rows: z.number().int() }),
  }),
  'search-site-directory': defineRoute({
    operation: 'search-site-directory',
    method: 'POST',
    path: 'search-site-directory',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "The active sites a sponsor side may invite (name, country and identifiers only, never contacts or systems): a PlatformAdmin's, or an OrgAdmin's of a sponsor or CRO. With `kind: 'cro'`, the active CROs a sponsor may name on its studies (a PlatformAdmin's or a sponsor's OrgAdmin's).",
    request: () =>
      z
        .object({
          search: searchSchema,
          country: countrySchema.optional(),
          kind: z.enum(['site', 'cro']).optional(),
          ...pageRequest,
        })
        .strict(),
    response: () =>
      z.object({
        sites: z.array(
          organisationSchema.pick({
            organisationId: true,
            name: true,
            country: true,
            identifiers: true,
          }),
        ),
        ...pageResponse,
      }),
  }),
  'invite-site': defineRoute({
    operation: 'invite-site',
    method: 'POST',
    path: 'invite-site',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Invites a site to a study (the sponsor's or its CRO's OrgAdmin, or a PlatformAdmin) with the sponsor-side system that will exchange; 409 when the site already has an open connection to the study.",
    request: () => inviteSiteInputSchema,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'accept-connection': defineRoute({
    operation: 'accept-connection',
    method: 'POST',
    path: 'accept-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "The site accepts an invitation with its own active system (the site's OrgAdmin, or a PlatformAdmin).",
    request: () =>
      z
        .object({
          connectionId: identifierSchema,
          revision: revisionSchema,
          siteSystemId: identifierSchema,
        })
        .strict(),
    response: () => z.object({ connection: connectionSchema }),
  }),
  'decline-connection': defineRoute({
    operation: 'decline-connection',
    method: 'POST',
    path: 'decline-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'The site declines an invitation (final), with an optional reason.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'suspend-connection': defineRoute({
    operation: 'suspend-connection',
    method: 'POST',
    path: 'suspend-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Either side suspends an active connection: no documents are exchanged meanwhile.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'resume-connection': defineRoute({
    operation: 'resume-connection',
    method: 'POST',
    path: 'resume-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'The side that suspended a connection (or a PlatformAdmin) resumes it; both its systems must be active.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
  'end-connection': defineRoute({
    operation: 'end-connection',
    method: 'POST',
    path: 'end-connection',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Either side ends a connection (an invitation not yet answered is withdrawn this way); final.',
    request: () => connectionStep,
    response: () => z.object({ connection: connectionSchema }),
  }),
} as const;
