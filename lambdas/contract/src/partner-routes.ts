import * as z from 'zod';
import { cursorSchema, isoDateSchema } from './fields';
import { connectionStatusSchema } from './organisation-constants';
import { defineRoute, type RouteDefinition } from './route';
import { apiScopeSchema, type ApiScope, fullScope } from './scopes';
import { documentIdSchema } from './document-schemas';
import { eventRecordSchema } from './events';
import {
  partnerOrganisationSchema,
  partnerSystemSchema,
  partnerConnectionSchema,
  partnerStandardSchema,
  sendDocumentSchema,
  partnerSentDocumentSchema,
  partnerReceivedDocumentSchema,
} from './partner-schemas';
import { partnerReturnRoutes } from './partner-return-routes';
import {
  artifactNumberSchema,
  documentRequestSchema,
  requestStateSchema,
} from './document-request-schemas';
import { distributionPartnerRoutes } from './distributions';
import { webhookPartnerRoutes } from './webhooks';

/** A partner call: one route of the one route declaration, for machines, with its scope. */
export type PartnerRouteDefinition<
  Op extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> = RouteDefinition<Op, Req, Res, 'authenticated', 'partner', ApiScope>;

/** A partner call's access: any token of a live credential of the API that carries `scope`. */
const partnerAccess = <S extends ApiScope>(scope: S) =>
  ({ api: 'partner', auth: 'authenticated', roles: [], scope }) as const;

export const partnerRoutes = {
  'partner-me': defineRoute({
    operation: 'partner-me',
    method: 'GET',
    path: 'me',
    input: 'query',
    ...partnerAccess(fullScope('system.read')),
    summary:
      'The calling system, its organisation, and its credential: the scopes it holds and when it expires.',
    request: () => z.object({}).strict(),
    response: () =>
      z.object({
        system: partnerSystemSchema,
        organisation: partnerOrganisationSchema,
        credential: z.object({
          apiId: z.string(),
          clientId: z.string(),
          scopes: z.array(apiScopeSchema),
          expiresAt: isoDateSchema,
        }),
      }),
  }),
  'partner-connections': defineRoute({
    operation: 'partner-connections',
    method: 'GET',
    path: 'connections',
    input: 'query',
    ...partnerAccess(fullScope('connections.read')),
    summary:
      'The connections the calling system takes part in (as the sponsor-side or the site system), newest change first, with the counterpart system; 50 a page, `nextCursor` for the next.',
    request: () =>
      z
        .object({
          status: connectionStatusSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        connections: z.array(partnerConnectionSchema),
        nextCursor: z.string().nullable(),
      }),
  }),
  'partner-standards': defineRoute({
    operation: 'partner-standards',
    method: 'GET',
    path: 'standards',
    input: 'query',
    ...partnerAccess(fullScope('standards.read')),
    summary:
      "The published mapping standards (each at its version in use) of the calling system and of the systems it is connected to (open connections): how each maps its document types to the TMF Reference Model. 50 a page; with `rows=true`, each standard's rows too, one standard a page (a standard may have 10,000 rows); `nextCursor` for the next.",
    request: () =>
      z
        .object({
          rows: z.enum(['true', 'false']).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({ standards: z.array(partnerStandardSchema), nextCursor: z.string().nullable() }),
  }),
  'partner-send-document': defineRoute({
    operation: 'partner-send-document',
    method: 'POST',
    path: 'documents',
    input: 'body',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      'Announces a document for an active connection the calling system takes part in, and answers its id with a presigned URL to PUT the file to (valid 15 minutes; send the Content-Type given). Then call documents/{documentId}/complete. The same idempotencyKey answers the same document. A signed document names its signer (signature); a new version of an earlier document names it (supersedesDocumentId) and has a version of its own.',
    request: () => sendDocumentSchema,
    response: () =>
      z.object({
        document: partnerSentDocumentSchema,
        /** Null once the file is in (a repeated send of a completed document). */
        upload: z
          .object({
            url: z.url(),
            method: z.literal('PUT'),
            headers: z.record(z.string(), z.string()),
            expiresAt: isoDateSchema,
          })
          .nullable(),
      }),
  }),
  'partner-complete-document': defineRoute({
    operation: 'partner-complete-document',
    method: 'POST',
    path: 'documents/{documentId}/complete',
    input: 'body',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      "Tells the hub the file is uploaded: it checks the size and SHA-256 of what arrived (400 on a mismatch, and the document is held until the file is sent again), then what the file really is against its content type and name: refused, it answers the document quarantined with quarantineReason and quarantineDetail (never delivered); accepted, awaiting-scan until the malware scan's verdict, after which the hub classifies it through both systems' mapping standards and delivers it, holds it with the reason, or quarantines it (malware-found). Follow it with documents/{documentId}. Calling it again answers the document as it is.",
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: partnerSentDocumentSchema }),
  }),
  'partner-get-document': defineRoute({
    operation: 'partner-get-document',
    method: 'GET',
    path: 'documents/{documentId}',
    input: 'query',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      'A document the calling system sent: its state (awaiting-scan while the malware scan runs), why it is held or quarantined (quarantineReason, quarantineDetail), its signature and version links, its classification and every hand-over.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: partnerSentDocumentSchema }),
  }),
  'partner-list-documents': defineRoute({
    operation: 'partner-list-documents',
    method: 'GET',
    path: 'documents',
    input: 'query',
    ...partnerAccess(fullScope('documents.receive')),
    summary:
      "The documents delivered to the calling system, in the order they were delivered, from `since` (the previous answer's `nextCursor`; from the first without), each in the caller's own document type with its TMF artifact and a download link valid 15 minutes. `nextCursor` is where to continue from next time, also when nothing new came.",
    request: () =>
      z
        .object({
          since: cursorSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        })
        .strict(),
    response: () =>
      z.object({
        documents: z.array(partnerReceivedDocumentSchema),
        nextCursor: z.string(),
        hasMore: z.boolean(),
      }),
  }),
  'partner-acknowledge-document': defineRoute({
    operation: 'partner-acknowledge-document',
    method: 'POST',
    path: 'documents/{documentId}/acknowledge',
    input: 'body',
    ...partnerAccess(fullScope('documents.receive')),
    summary:
      'Confirms the calling system has a document delivered to it (filed on its side). Acknowledging again answers the same.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () =>
      z.object({
        documentId: z.string(),
        state: z.literal('acknowledged'),
        acknowledgedAt: isoDateSchema,
      }),
  }),
  'partner-events': defineRoute({
    operation: 'partner-events',
    method: 'GET',
    path: 'events',
    input: 'query',
    ...partnerAccess(fullScope('events.read')),
    summary:
      "What happened that concerns the calling system's organisation (a connection invited, accepted, declined or ended; a document held or quarantined; a credential expiring; a partner's new mapping standard; …), oldest first, after `since` (the previous answer's `nextCursor`; from the first without), 50 a page (`limit` up to 100). `nextCursor` is where to continue from next time, also when nothing new came; `hasMore` says another page is already waiting.",
    request: () =>
      z
        .object({
          since: z
            .string()
            .regex(/^\d{1,15}$/, 'since must be a nextCursor the feed answered (digits).')
            .optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        })
        .strict(),
    response: () =>
      z.object({
        events: z.array(eventRecordSchema),
        nextCursor: z.string(),
        hasMore: z.boolean(),
      }),
  }),
  ...partnerReturnRoutes,
  'partner-requests': defineRoute({
    operation: 'partner-requests',
    method: 'GET',
    path: 'requests',
    input: 'query',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      "The document requests made of the calling system's site (issue 35): on each connection it is the site system of, what the sponsor asked it to send, by TMF artifact and due date, with its state (open, overdue, fulfilled, cancelled; computed when read). Sending a document that classifies to the requested artifact on that connection fulfils the oldest open request for it. Filtered by state, study and artifact, oldest due first; 50 a page, `nextCursor` for the next.",
    request: () =>
      z
        .object({
          state: requestStateSchema.optional(),
          studyId: z.string().min(1).max(64).optional(),
          artifactNumber: artifactNumberSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({ requests: z.array(documentRequestSchema), nextCursor: z.string().nullable() }),
  }),
  ...distributionPartnerRoutes,
  ...webhookPartnerRoutes,
} as const;

export type PartnerRoutes = typeof partnerRoutes;
export type PartnerOperation = keyof PartnerRoutes;
export const partnerRouteList: readonly PartnerRouteDefinition[] = Object.values(partnerRoutes);
