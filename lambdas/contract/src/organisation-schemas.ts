import * as z from 'zod';
import { emailSchema, identifierSchema, isoDateSchema } from './fields';
import { isCountryCode } from './countries';
import {
  REGISTRY_MESSAGES,
  connectionSideSchema,
  connectionStatusSchema,
  organisationKindSchema,
  registryStatusSchema,
  studyPhaseSchema,
  studyStatusSchema,
  systemEnvironmentSchema,
  systemKindSchema,
} from './organisation-constants';

/** The registry's field rules, records and payloads (the model: organisations.ts). */

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
export const searchSchema = z.lazy(() =>
  z
    .string()
    .max(128)
    .regex(/^[\p{L}\p{M}\p{N} .,&'()/+:#_@-]*$/u, 'search may not contain that character')
    .optional(),
);

// ---- Records as the console shows them ----

export const changedSchema = {
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

export const pageResponse = {
  count: z.number().int(),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
};

/** Query strings carry text: `limit` is read from digits there. */
export const queryLimit = z.lazy(() => z.coerce.number().int().min(1).max(100).optional());

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

export const organisationPage = z.lazy(() =>
  z.object({ organisations: z.array(organisationSchema), ...pageResponse }),
);
export const systemPage = z.lazy(() =>
  z.object({ systems: z.array(orgSystemSchema), ...pageResponse }),
);

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

export const connectionStep = z
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
