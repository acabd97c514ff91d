import * as z from 'zod';
import {
  CONNECTION_STATUSES,
  ORGANISATION_KINDS,
  REGISTRY_STATUSES,
  STUDY_PHASES,
  STUDY_STATUSES,
  SYSTEM_ENVIRONMENTS,
  SYSTEM_KINDS,
  connectionSideSchema,
} from '@ccsc/contract/organisations';
import { CATALOGUE_VERSIONS } from '@ccsc/contract/standard-rows';
import { SIGNATURE_MEANINGS, STANDARD_STATUSES } from '@ccsc/contract/standard-statuses';
import { auditEntrySchema } from '../core/journal-audit';
import type { RegistryChange, RegistryRecord, RegistryType } from '../core/ports/registry';
import type { ImportPart } from '../core/ports/registry-imports';

/**
 * The registry's records and changes as stored (the table, the change log, a staged import, the
 * write journal's entry): what is read back is parsed with these, never trusted as it lies.
 */

export const REGISTRY_TYPES: readonly RegistryType[] = [
  'organisation',
  'system',
  'study',
  'connection',
  'standard',
];
export const registryTypeSchema = z.enum([
  'organisation',
  'system',
  'study',
  'connection',
  'standard',
]);

const stampShape = {
  revision: z.number().int(),
  writeId: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
};

/**
 * Each record type's stored shape. Every schema of this module is `z.lazy`: built at its first
 * parse, not when a function loads (what a Lambda's cold start would otherwise pay for every
 * registry function, whichever of them it uses).
 */
export const RECORD_SCHEMAS = {
  organisation: z.lazy(() =>
    z.object({
      ...stampShape,
      organisationId: z.string(),
      name: z.string(),
      kind: z.enum(ORGANISATION_KINDS),
      country: z.string(),
      identifiers: z.array(z.object({ label: z.string(), value: z.string() })),
      contactEmail: z.string().nullable(),
      status: z.enum(REGISTRY_STATUSES),
    }),
  ),
  system: z.lazy(() =>
    z.object({
      ...stampShape,
      systemId: z.string(),
      organisationId: z.string(),
      name: z.string(),
      kind: z.enum(SYSTEM_KINDS),
      vendor: z.string(),
      product: z.string(),
      environment: z.enum(SYSTEM_ENVIRONMENTS),
      technicalContactEmail: z.string(),
      status: z.enum(REGISTRY_STATUSES),
    }),
  ),
  study: z.lazy(() =>
    z.object({
      ...stampShape,
      studyId: z.string(),
      sponsorOrganisationId: z.string(),
      croOrganisationId: z.string().nullable(),
      protocolNumber: z.string(),
      title: z.string(),
      phase: z.enum(STUDY_PHASES),
      status: z.enum(STUDY_STATUSES),
    }),
  ),
  connection: z.lazy(() =>
    z.object({
      ...stampShape,
      connectionId: z.string(),
      studyId: z.string(),
      sponsorOrganisationId: z.string(),
      croOrganisationId: z.string().nullable(),
      siteOrganisationId: z.string(),
      siteNumber: z.string(),
      country: z.string(),
      principalInvestigator: z.string(),
      sponsorSystemId: z.string(),
      siteSystemId: z.string().nullable(),
      status: z.enum(CONNECTION_STATUSES),
      suspendedBy: connectionSideSchema.nullable(),
      history: z.array(
        z.object({
          status: z.enum(CONNECTION_STATUSES),
          at: z.string(),
          by: z.string(),
          side: connectionSideSchema,
          reason: z.string().nullable(),
        }),
      ),
    }),
  ),
  standard: z.lazy(() =>
    z.object({
      ...stampShape,
      standardId: z.string(),
      organisationId: z.string(),
      catalogueVersion: z.enum(CATALOGUE_VERSIONS),
      versions: z.array(
        z.object({
          version: z.number().int(),
          status: z.enum(STANDARD_STATUSES),
          name: z.string(),
          description: z.string().nullable(),
          systemIds: z.array(z.string()),
          product: z.string().nullable(),
          rowsKey: z.string(),
          rowCount: z.number().int(),
          problemCount: z.number().int(),
          basedOnVersion: z.number().int().nullable(),
          createdAt: z.string(),
          createdBy: z.string(),
          updatedAt: z.string(),
          updatedBy: z.string(),
          signature: z
            .object({
              signerName: z.string(),
              signerEmail: z.string(),
              signerSub: z.string(),
              meaning: z.enum(SIGNATURE_MEANINGS),
              signedAt: z.string(),
            })
            .nullable(),
          retired: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
        }),
      ),
    }),
  ),
} satisfies Record<RegistryType, z.ZodType>;

export const registryRecordSchema: z.ZodType<RegistryRecord> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('organisation'), record: RECORD_SCHEMAS.organisation }),
    z.object({ type: z.literal('system'), record: RECORD_SCHEMAS.system }),
    z.object({ type: z.literal('study'), record: RECORD_SCHEMAS.study }),
    z.object({ type: z.literal('connection'), record: RECORD_SCHEMAS.connection }),
    z.object({ type: z.literal('standard'), record: RECORD_SCHEMAS.standard }),
  ]),
);

export const registryChangeSchema: z.ZodType<RegistryChange> = z.lazy(() =>
  z.object({
    writeId: z.string(),
    puts: z.array(
      z.object({ item: registryRecordSchema, expectedRevision: z.number().int().nullable() }),
    ),
    claims: z
      .array(z.object({ key: z.string(), message: z.string(), field: z.string().optional() }))
      .optional(),
    releases: z.array(z.string()).optional(),
    uses: z
      .array(z.object({ key: z.string(), by: z.union([z.literal(1), z.literal(-1)]) }))
      .optional(),
    guards: z
      .array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('unused'), key: z.string(), message: z.string() }),
          z.object({
            kind: z.literal('active'),
            type: registryTypeSchema,
            id: z.string(),
            message: z.string(),
          }),
        ]),
      )
      .optional(),
    removals: z.array(z.object({ type: registryTypeSchema, id: z.string() })).optional(),
  }),
);

/** One part of an import as staged: the change and the audit entries that follow it. */
export const importPartSchema: z.ZodType<ImportPart> = z.lazy(() =>
  z.object({
    change: registryChangeSchema,
    audit: z.array(auditEntrySchema),
  }),
);
