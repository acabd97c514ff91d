import { partnerClient, type PartnerSystem } from './client';
import { acknowledge, downloadChecked, readEvents, readInbox } from './sponsor-steps';
import { activeConnection, followDocument, sendDocument, sha256Of, whoAmI } from './site-steps';

/**
 * A vendor's integration as the quickstart tells it, end to end and once: the site system finds
 * itself and its connection, sends a document and follows it until the hub delivered it; the
 * sponsor system finds it in its inbox, downloads it, checks its SHA-256, acknowledges it, and
 * reads its events feed. Each step is a function of site-steps.ts / sponsor-steps.ts, written
 * against the client generated from the OpenAPI document (partner-api.d.ts) with nothing
 * hand-typed; `npm run typecheck` proves the calls match it, tests/integration/partner-client
 * runs this against a console, and simulator.ts runs the same steps on a schedule.
 */

export type { PartnerSystem } from './client';

export interface JourneyInput {
  site: PartnerSystem;
  sponsor: PartnerSystem;
  /** The study the connection is for: the site picks its connection by it. */
  studyId: string;
  /** A document type in the site's published mapping standard. */
  typeCode: string;
  file: Uint8Array<ArrayBuffer>;
  idempotencyKey: string;
}

export const partnerJourney = async (input: JourneyInput) => {
  const site = partnerClient(input.site);
  const sponsor = partnerClient(input.sponsor);

  const me = await whoAmI(site);
  const connection = await activeConnection(site, input.studyId);
  if (connection === null) throw new Error(`No active connection for ${input.studyId}`);

  const completed = await sendDocument(site, {
    idempotencyKey: input.idempotencyKey,
    connectionId: connection.connectionId,
    typeCode: input.typeCode,
    title: 'Signed CV of the principal investigator',
    version: '1.0',
    documentDate: '2026-12-01',
    language: 'en',
    personName: connection.principalInvestigator,
    fileName: 'cv-principal-investigator.pdf',
    file: input.file,
  });
  const sent = await followDocument(site, completed.documentId);
  const sha256 = sha256Of(input.file);

  const inbox = await readInbox(sponsor);
  const received = inbox.documents.find((d) => d.documentId === sent.documentId);
  if (received === undefined) throw new Error(`${sent.documentId} is not in the inbox`);
  const downloadedSha256 = sha256Of(await downloadChecked(received));
  const acknowledged = await acknowledge(sponsor, sent.documentId);
  const events = await readEvents(sponsor);

  // An error as the generated client types it: its code one of the documented ones.
  const missing = await site.GET('/documents/{documentId}', {
    params: { path: { documentId: `doc-${'0'.repeat(26)}` } },
  });

  return {
    me,
    connection,
    sent,
    received,
    sha256,
    downloadedSha256,
    acknowledged,
    events,
    missing: { status: missing.response.status, code: missing.error?.error.code },
  };
};
