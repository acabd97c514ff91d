import * as z from 'zod';
import { cursorSchema } from './fields';
import { ADMINS, READERS, downloadLinkSchema } from './common';
import { defineRoute } from './route';
import {
  documentIdSchema,
  documentSummarySchema,
  documentDetailSchema,
  documentFilterShape,
} from './document-schemas';

/** The document calls (s3documents/*, SPEC §7). */
export const documentRoutes = {
  's3documents/list': defineRoute({
    operation: 's3documents/list',
    method: 'GET',
    path: 's3documents/list',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'Documents exchanged across the connections within reach, newest first (`order: oldest`: oldest first, the held queue by age), filtered by study, connection, state, what a held document waits for, delivered, direction, artifact, type and date; 50 a page (`limit` up to 100). A page may hold fewer than asked when the filters leave few: follow `nextCursor` until it is null. `total` is how many documents the whole list holds, from the hub’s counters, for the filters it counts: `state: held` (with `holdKind` or not) alone, or `sentFrom` and `sentTo` (with `direction` and `delivered` or not) alone; null for any other filters.',
    request: () =>
      z
        .object({
          ...documentFilterShape(),
          /** Newest first (the default), or oldest first: the held queue by age. */
          order: z.enum(['newest', 'oldest']).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        documents: z.array(documentSummarySchema),
        nextCursor: z.string().nullable(),
        /** How many documents the whole list holds; null when its filters are not counted. */
        total: z.number().int().nonnegative().nullable(),
      }),
  }),
  's3documents/get': defineRoute({
    operation: 's3documents/get',
    method: 'GET',
    path: 's3documents/get',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'One document: its classification path, checksum, sizes, every hand-over and who downloaded it.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: documentDetailSchema }),
  }),
  's3documents/download': defineRoute({
    operation: 's3documents/download',
    method: 'GET',
    path: 's3documents/download',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'A short-lived download link for one received document; the download is recorded in the audit trail and on the document.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => downloadLinkSchema,
  }),
  's3documents/export-etmf': defineRoute({
    operation: 's3documents/export-etmf',
    method: 'POST',
    path: 's3documents/export-etmf',
    input: 'body',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A study's received documents (or one connection's) as an eTMF Exchange Mechanism Standard package: a zip with exchange.xml (valid against the standard's XSD) and each file under its zone / section / artifact folder, with its SHA-256 as INTEGRITY. Answers a download link valid 5 minutes; the export is audited.",
    request: () =>
      z
        .object({
          studyId: z.string().min(1).max(64),
          connectionId: z.string().min(1).max(64).optional(),
        })
        .strict(),
    response: () =>
      downloadLinkSchema.extend({
        documents: z.number().int(),
        /** The package's size (the zip), in bytes. */
        bytes: z.number().int(),
        /**
         * Documents whose file is kept but that are not delivered (held, awaiting their scan,
         * quarantined): left out, since only delivered documents are exported.
         */
        unclassified: z.number().int(),
      }),
  }),
  'artifact/study-completeness': defineRoute({
    operation: 'artifact/study-completeness',
    method: 'GET',
    path: 'artifact/study-completeness',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A study's TMF at artifact level: for each artifact of the TMF Reference Model, how many documents were delivered (in all, and per site); for each site within reach, the core artifacts that may be filed at site level and have no document yet.",
    request: () => z.object({ studyId: z.string().min(1).max(64) }).strict(),
    response: () =>
      z.object({
        study: z.object({ studyId: z.string(), protocolNumber: z.string(), title: z.string() }),
        /**
         * Whether the caller reads the study from its sponsor's side (a PlatformAdmin, the
         * sponsor's or the CRO's organisation): every site, and the study's eTMF-EMS imports
         * (s3documents/imports), are theirs; a site's people see their own site and no imports.
         */
        sponsorSide: z.boolean(),
        catalogueVersion: z.string(),
        artifacts: z.array(
          z.object({
            number: z.string(),
            name: z.string(),
            core: z.boolean(),
            siteLevel: z.boolean(),
            documents: z.number().int(),
            /** Files filed by eTMF-EMS imports (not exchanged: s3documents/imports). */
            imported: z.number().int(),
          }),
        ),
        sites: z.array(
          z.object({
            connectionId: z.string(),
            siteNumber: z.string(),
            siteName: z.string(),
            status: z.string(),
            documents: z.number().int(),
            imported: z.number().int(),
            /** Core artifacts that may be filed at site level. */
            coreSiteArtifacts: z.number().int(),
            /** Their numbers that have no document yet for this site, exchanged or imported. */
            missingCore: z.array(z.string()),
            /**
             * Its document requests (issue 35; states as document-requests/list computes them):
             * requested (all but the cancelled), received (fulfilled by a delivered document),
             * overdue (neither, due date passed).
             */
            requests: z.object({
              requested: z.number().int().nonnegative(),
              received: z.number().int().nonnegative(),
              overdue: z.number().int().nonnegative(),
            }),
          }),
        ),
      }),
  }),
  's3documents/retry': defineRoute({
    operation: 's3documents/retry',
    method: 'POST',
    path: 's3documents/retry',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Classifies a document held for a missing mapping again, with the standards published now; it is delivered, or stays held with the reason found now.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: documentDetailSchema }),
  }),
} as const;
