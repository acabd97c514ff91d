/**
 * The partner API's examples (issue 36): every request and answer in the OpenAPI document is
 * made from the call's own schema, so an example can never show a field the server does not
 * have; the values come from the table below, by the field's name (or `parent.field`, when one
 * name means different things in different places), so they read like a real exchange between
 * a site's eISF and a sponsor's eTMF. The contract's tests check that each example parses with
 * its route's schema and that no field went without a value from the table.
 */

const SITE = '3f2a7c1e-5b8d-4e6f-9a1b-2c3d4e5f6a7b';
const SPONSOR = '8c9d0e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f';
const STUDY = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const CONNECTION = 'c0ffee00-1234-4abc-9def-0123456789ab';
const DOCUMENT = 'doc-01jf3k9m2q8r7t6v5w4x3y2z1a';
const EARLIER = 'doc-01jd7h2k4m6n8p0q2r4s6t8v0w';
const AT = '2026-12-07T09:30:00Z';
const SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

/**
 * Values by field name, or by the names above it (`parent.field`, `grandparent.parent.field`)
 * where a name differs by place: the longest that matches wins.
 */
const VALUES: Record<string, unknown> = {
  // Who calls, and who is at the other end.
  'system.systemId': 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  'system.name': 'Nord eISF',
  'system.kind': 'eisf',
  'systems.systemId': '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
  'systems.name': 'Pharma eTMF',
  vendor: 'Florence',
  'system.product': 'eBinders',
  'standards.product': 'Veeva Vault eTMF',
  environment: 'production',
  'organisation.organisationId': SITE,
  'organisation.name': 'Klinikum Nord',
  'organisation.kind': 'site',
  'sponsor.organisationId': SPONSOR,
  'sponsor.name': 'Pharma AG',
  'sponsor.kind': 'sponsor',
  'counterpart.organisationId': SPONSOR,
  'counterpart.name': 'Pharma AG',
  'counterpart.organisation.organisationId': SPONSOR,
  'counterpart.organisation.name': 'Pharma AG',
  'counterpart.organisation.kind': 'sponsor',
  'counterpart.system.systemId': '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
  'counterpart.system.name': 'Pharma eTMF',
  'counterpart.system.kind': 'etmf',
  'counterpart.system.vendor': 'Veeva',
  'counterpart.system.product': 'Vault eTMF',
  'standards.organisation.organisationId': SPONSOR,
  'standards.organisation.name': 'Pharma AG',
  'standards.organisation.kind': 'sponsor',
  country: 'DE',
  apiId: 'a7e3b1c9-4d2f-4e8a-b6c5-1f0e9d8c7b6a',
  clientId: '6c1a2b3c4d5e6f7g8h9i0j1k2l',
  scopes: ['ccsc-api/system.read', 'ccsc-api/documents.send', 'ccsc-api/documents.receive'],
  expiresAt: '2027-12-07T09:30:00Z',
  'upload.expiresAt': '2026-12-07T09:45:00Z',
  'download.expiresAt': '2026-12-07T09:45:00Z',
  // Studies and connections.
  connectionId: CONNECTION,
  connectionIds: [CONNECTION],
  studyId: STUDY,
  counterpartSystemId: '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
  protocolNumber: 'PH-2026-014',
  'study.title': 'A phase 3 study of PH-101 in adults with moderate asthma',
  phase: 'phase-3',
  'study.status': 'active',
  'connections.status': 'active',
  side: 'site',
  siteNumber: '049-003',
  siteName: 'Klinikum Nord',
  siteOrganisationId: SITE,
  principalInvestigator: 'Dr. Anna Weber',
  sponsorOrganisationId: SPONSOR,
  sponsorName: 'Pharma AG',
  // Standards.
  standardId: 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9',
  'standards.version': 3,
  'sender.version': 3,
  'receiver.version': 2,
  'receiver.standardId': 'd4c3b2a1-0f9e-4d8c-b7a6-958473625140',
  'standards.name': 'Pharma eTMF document types',
  relation: 'counterpart',
  catalogueVersion: '3.3.1',
  signerName: 'Dr. Anna Weber',
  meaning: 'Approved for use',
  rowCount: 412,
  sourceCode: 'PROT-SIG',
  sourceName: 'Protocol signature page',
  sourcePath: 'Trial Management/Protocol',
  requiredMetadata: [],
  equivalence: 'equal',
  'rows.comment': '',
  // Documents.
  documentId: DOCUMENT,
  sourceDocumentId: DOCUMENT,
  supersedesDocumentId: EARLIER,
  idempotencyKey: 'eisf-upload-2026-12-07-000187',
  'document.state': 'delivered',
  // Just announced: no classification yet, the upload to make.
  'partner-send-document.document.state': 'awaiting-upload',
  'partner-send-document.document.classification': null,
  'partner-send-document.document.supersedesDocumentId': null,
  'partner-send-document.document.events.event': 'announced',
  'partner-send-document.document.events.by': 'Nord eISF',
  'partner-send-document.document.updatedAt': '2026-12-07T09:29:41Z',
  'documents.state': 'delivered',
  typeCode: 'PROT-SIG',
  typeName: 'Protocol signature page',
  title: 'Protocol amendment 2, signature page',
  version: '2.0',
  documentDate: '2026-12-01',
  language: 'en',
  personName: 'Dr. Anna Weber',
  organisationName: 'Klinikum Nord',
  'receiver.organisationName': 'Pharma AG',
  'sender.organisationName': 'Klinikum Nord',
  'receiver.systemId': '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
  'receiver.name': 'Pharma eTMF',
  'sender.systemId': 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  'sender.name': 'Nord eISF',
  'sender.typeCode': 'PROT-SIG',
  'sender.typeName': 'Protocol signature page',
  'receiver.typeCode': 'TMF-02.01.04',
  'receiver.typeName': 'Protocol Signature Page',
  fileName: 'protocol-amendment-2-signature-page.pdf',
  contentType: 'application/pdf',
  size: 284_113,
  sha256: SHA256,
  artifactNumber: '02.01.04',
  artifactName: 'Protocol Signature Page',
  zoneName: 'Trial Management',
  sectionName: 'Trial Documents',
  subArtifact: '',
  'classification.subArtifact': 'Signature page',
  filingLevel: 'site',
  methodology: 'electronic',
  signerId: 'aweber',
  'signature.reason': 'Approval',
  signedAt: '2026-12-01T14:05:00Z',
  sequence: 1287,
  deliveredAt: AT,
  sentAt: '2026-12-07T09:29:41Z',
  updatedAt: AT,
  'events.at': AT,
  'events.event': 'delivered',
  'events.by': 'hub',
  'events.detail': null,
  url: 'https://ccsc-prod-documents.s3.us-west-2.amazonaws.com/incoming/doc-01jf3k9m2q8r7t6v5w4x3y2z1a?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261207T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
  method: 'PUT',
  headers: {
    'content-type': 'application/pdf',
    'x-amz-checksum-sha256': 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
  },
  // Rejections and recalls (their requests).
  reason: 'missing-signature',
  'rejection.organisationId': SPONSOR,
  'rejection.by': 'Pharma eTMF',
  'rejection.at': AT,
  'recall.organisationId': SITE,
  'recall.by': 'Nord eISF',
  'recall.comment': 'Sent to the wrong study: please disregard.',
  'recall.outcome': 'immediate',
  'answer.by': 'Pharma eTMF',
  'answer.comment': 'Already filed and used in the monitoring visit report.',
  'partner-reject-document.state': 'rejected',
  'partner-recall-document.state': 'recalled',
  'partner-confirm-recall.state': 'recalled',
  'partner-confirm-recall.recall.outcome': 'confirmed',
  'partner-decline-recall.state': 'acknowledged',
  'partner-decline-recall.recall.outcome': 'declined',
  'partner-decline-recall.comment': 'Already filed and used in the monitoring visit report.',
  comment: 'The signature page of the principal investigator is missing.',
  // Requests and distributions.
  requestId: 'req-2f1e0d9c8b7a',
  dueDate: '2026-12-21',
  note: 'Please send the signed protocol amendment 2.',
  'requests.state': 'open',
  createdAt: '2026-12-01T08:00:00Z',
  createdBy: 'Dr. Jonas Keller (Pharma AG)',
  cancelledAt: null,
  distributionId: 'dist-7q8r9s0t1u2v',
  'distribution.title': 'Dear Investigator Letter: PH-101 safety update',
  'distributions.title': 'Dear Investigator Letter: PH-101 safety update',
  'distribution.fileName': 'dil-ph-101-2026-12.pdf',
  'distributions.fileName': 'dil-ph-101-2026-12.pdf',
  overdueDays: 14,
  dueAt: '2026-12-21T09:30:00Z',
  'counts.sites': 12,
  'counts.delivered': 12,
  'counts.acknowledged': 7,
  'counts.overdue': 0,
  'sites.state': 'delivered',
  'sites.acknowledgedAt': null,
  acknowledgedBy: null,
  acknowledgedAt: '2026-12-07T10:02:00Z',
  'documents.acknowledgedAt': null,
  overdue: false,
  reminders: [],
  // The events feed.
  eventId: '01JF3KB2C4D6E8F0G2H4J6K8M0',
  'events.sequence': '1287',
  'events.organisationId': SITE,
  kind: 'document.held',
  at: AT,
  'subject.type': 'document',
  'subject.id': DOCUMENT,
  'subject.name': 'Protocol amendment 2, signature page',
  'subject.studyId': STUDY,
  'events.reason': 'receiver-artifact-unmapped',
  nextCursor: 'eyJrIjoiMTI4NyJ9',
  hasMore: false,
  // Webhooks.
  endpointId: 'whe_01jf3m8q2w4e6r8t0y2u4i6o8p',
  'endpoints.systemId': 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  'endpoint.systemId': 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  'endpoint.url': 'https://hooks.nord-eisf.example.com/ccsc',
  'endpoints.url': 'https://hooks.nord-eisf.example.com/ccsc',
  'partner-create-webhook.url': 'https://hooks.nord-eisf.example.com/ccsc',
  eventTypes: ['document.held', 'document.rejected', 'request.received'],
  'endpoint.description': 'Document holds and requests to the eISF',
  'endpoints.description': 'Document holds and requests to the eISF',
  'partner-create-webhook.description': 'Document holds and requests to the eISF',
  'endpoint.status': 'active',
  'endpoints.status': 'active',
  disabledAt: null,
  disabledReason: null,
  previousSecretRetiresAt: null,
  'partner-rotate-webhook-secret.endpoint.previousSecretRetiresAt': '2026-12-08T09:30:00Z',
  failingSince: null,
  lastSuccessAt: '2026-12-07T09:30:01Z',
  'endpoint.revision': 2,
  'endpoints.revision': 2,
  'partner-update-webhook.revision': 2,
  'partner-rotate-webhook-secret.revision': 2,
  'partner-delete-webhook.revision': 2,
  keepOldHours: 24,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0Q9k4e8K1P0=',
  deliveryId: 'msg_20261207093000000_3b1f6c2ad9e84f1a9c0d5e7b2a4c6e8f_9a2b3c4d5e6f',
  'partner-webhook-deliveries.cursor':
    'msg_20261207093000000_3b1f6c2ad9e84f1a9c0d5e7b2a4c6e8f_9a2b3c4d5e6f',
  eventType: 'document.held',
  'deliveries.state': 'succeeded',
  'delivery.state': 'succeeded',
  'attempts.at': '2026-12-07T09:30:01Z',
  'attempts.status': 204,
  'attempts.durationMs': 84,
  'attempts.error': null,
  'attempts.trigger': 'schedule',
  'partner-redeliver-webhook.delivery.attempts.trigger': 'redeliver',
  nextAttemptAt: null,
  // Query parameters.
  limit: 50,
  cursor: 'eyJrIjoiMTI4NyJ9',
  'partner-standards.rows': 'false',
  'partner-connections.status': 'active',
  'partner-requests.state': 'open',
  'partner-events.since': '1287',
  'partner-list-documents.since': 'eyJrIjoiMTI4NyJ9',
};

/**
 * Nullable fields shown filled (a delivered, signed, classified document; the rejection or recall
 * a call made), by name or by the names above it as in VALUES; the rest show null.
 */
const FILLED = new Set([
  'partner-reject-document.rejection',
  'partner-recall-document.recall',
  'partner-confirm-recall.recall',
  'partner-decline-recall.recall',
  'partner-decline-recall.recall.answer',
  'classification',
  'receiver',
  'signature',
  'download',
  'upload',
  'system',
  'counterpart',
  'deliveredAt',
  'product',
]);

/** Optional fields a request example gives (the others it leaves out). */
const REQUEST_OPTIONAL = new Set([
  'connectionId',
  'signature',
  'comment',
  'connectionIds',
  'description',
  'keepOldHours',
  'status',
]);

type Schema = Record<string, unknown>;

/** What making one example found: the fields that had no value in the table. */
export interface ExampleGaps {
  missing: string[];
}

const valueFor = (path: readonly string[]): { found: boolean; value?: unknown } => {
  for (let from = 0; from < path.length; from += 1) {
    const key = path.slice(from).join('.');
    if (Object.hasOwn(VALUES, key)) return { found: true, value: VALUES[key] };
  }
  return { found: false };
};

const nonNull = (schema: Schema): Schema | null => {
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as Schema[]).filter((b) => b.type !== 'null');
    return branches.length === 1 && branches[0] !== undefined ? branches[0] : null;
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = (schema.type as string[]).filter((t) => t !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  return null;
};

const isNullable = (schema: Schema): boolean =>
  (Array.isArray(schema.anyOf) && (schema.anyOf as Schema[]).some((b) => b.type === 'null')) ||
  (Array.isArray(schema.type) && schema.type.includes('null'));

const build = (
  schema: Schema,
  path: readonly string[],
  io: 'input' | 'output',
  gaps: ExampleGaps,
): unknown => {
  const given = valueFor(path);
  if (given.found) return given.value;
  if (isNullable(schema)) {
    const inner = nonNull(schema);
    const filled = path.some((_, from) => FILLED.has(path.slice(from).join('.')));
    if (inner === null || !filled) return null;
    return build(inner, path, io, gaps);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'object' || schema.properties !== undefined) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      const shown =
        required.has(key) ||
        (io === 'input' ? REQUEST_OPTIONAL.has(key) : valueFor([...path, key]).found);
      if (shown) out[key] = build(property, [...path, key], io, gaps);
    }
    return out;
  }
  if (schema.type === 'array') return [build((schema.items ?? {}) as Schema, path, io, gaps)];
  if (schema.type === 'string' && schema.format === 'date-time') return AT;
  if (schema.type === 'string' && schema.format === 'date') return '2026-12-07';
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer' || schema.type === 'number') {
    return typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 1;
  }
  gaps.missing.push(path.join('.'));
  return path.at(-1);
};

/**
 * An example of `schema` (a JSON Schema of the call's request or answer, as the document has
 * it): every required field, and the optional ones the table shows. `gaps` collects the fields
 * the table has no value for (the test's business: none).
 */
export const exampleOf = (
  operation: string,
  schema: Schema,
  io: 'input' | 'output',
  gaps: ExampleGaps = { missing: [] },
): unknown => build(schema, [operation], io, gaps);

/** An example of one query or path parameter, by its name. */
export const parameterExample = (
  operation: string,
  name: string,
  schema: Schema,
  gaps: ExampleGaps = { missing: [] },
): unknown => build(schema, [operation, name], 'input', gaps);
