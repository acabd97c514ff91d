import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import { issueCredential, partnerToken } from '../support/oauth';
import {
  connectedStudy,
  publishStandard,
  type StandardDetail,
  standardDrafts,
} from '../support/connected-study';
import { type ConnectionRow, must, type Network, ok, registryCall } from '../support/registry';
import { samplePdf } from '../support/sample-files';
import type { CrashConsole } from './crash-console';

/**
 * The document exchange for the crash tests (issue 32): a network of its own with a study, an
 * active connection, both sides' standards published and both systems' credentials, and the
 * calls a sending and a receiving system and the console make.
 */

export const SEND = 'ccsc-api/documents.send';
export const RECEIVE = 'ccsc-api/documents.receive';
/** Issue 35: the partner feed of the events of the calling system's organisation. */
export const EVENTS = 'ccsc-api/events.read';

const row = (more: Partial<MappingRow>): MappingRow => ({
  ...blankRow(),
  sourceName: 'A document',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  ...more,
});

const siteRows = (extra: MappingRow[]): MappingRow[] => [
  row({
    sourceCode: 'CV-SIGNED',
    sourceName: 'Signed CV',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  ...extra,
];
const sponsorRows = (): MappingRow[] => [
  row({
    sourceCode: 'ETMF-CV-PI',
    sourceName: 'PI CV',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  row({ sourceCode: 'ETMF-1572', sourceName: 'FDA 1572', artifactNumber: '05.02.08' }),
];

export interface Sent {
  documentId: string;
  state: string;
  holdReason: string | null;
}

export interface PartnerAnswer<T> {
  status: number;
  data: T;
  error?: { code: string; message: string };
}

/** A real PDF (the hub checks what a file is), its bytes its own. */
const pdf = (): Buffer => samplePdf(`crash ${randomUUID()}`);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export class Exchange {
  n!: Network;
  connection!: ConnectionRow;
  private siteStandard!: StandardDetail;
  private extraRows: MappingRow[] = [];
  private site!: { clientId: string; clientSecret: string };
  private sponsor!: { clientId: string; clientSecret: string };
  /** Issue 35: each side's system reading its organisation's events feed. */
  private readonly feeds = new Map<
    'site' | 'sponsor',
    { clientId: string; clientSecret: string }
  >();
  private readonly tokens = new Map<string, string>();

  constructor(private readonly console: CrashConsole) {}

  private get c() {
    return this.console.info;
  }

  async setUp(): Promise<void> {
    const c = this.c;
    ({ n: this.n, connection: this.connection } = await connectedStudy(c, 'Crash documents', {
      title: 'A trial whose documents survive crashes',
      phase: 'phase-2',
      siteNumber: '401',
    }));
    const n = this.n;
    const drafts = await standardDrafts(c, n, { site: siteRows([]), sponsor: sponsorRows() });
    this.siteStandard = await this.publish(n.people.siteAdmin, drafts.site);
    await this.publish(n.people.sponsorAdmin, drafts.sponsor);
    this.site = await issueCredential(c, n.admin, n.siteSystem.systemId, [SEND]);
    this.sponsor = await issueCredential(c, n.admin, n.sponsorSystem.systemId, [RECEIVE]);
    this.feeds.set('site', await issueCredential(c, n.admin, n.siteSystem.systemId, [EVENTS]));
    this.feeds.set(
      'sponsor',
      await issueCredential(c, n.admin, n.sponsorSystem.systemId, [EVENTS]),
    );
  }

  /**
   * How many events of `kind` about `subjectId` (a document, a standard) the `side`'s system
   * reads in its organisation's feed (issue 35), read from its start: each fact once, whatever
   * step its write was cut short at.
   */
  feedEvents = async (
    side: 'site' | 'sponsor',
    kind: string,
    subjectId: string,
  ): Promise<number> => {
    const credential = this.feeds.get(side);
    if (credential === undefined) throw new Error(`no ${side} feed credential: setUp() first`);
    const token =
      this.tokens.get(`${side}-feed`) ??
      (await partnerToken(this.c.cognitoEndpoint, this.c.userPoolId, credential, EVENTS));
    this.tokens.set(`${side}-feed`, token);
    let count = 0;
    let since = '';
    for (let page = 0; page < 50; page += 1) {
      const res = await fetch(`${this.c.url}/ccsc/api/v1/events?limit=100${since}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, `${side} feed`).toBe(200);
      const json = (await res.json()) as {
        data: {
          events: { kind: string; subject: { id: string } }[];
          nextCursor: string;
          hasMore: boolean;
        };
      };
      count += json.data.events.filter((e) => e.kind === kind && e.subject.id === subjectId).length;
      if (!json.data.hasMore) return count;
      since = `&since=${json.data.nextCursor}`;
    }
    throw new Error(`the ${side} feed has more than 50 pages`);
  };

  publish = (
    who: Network['people']['siteAdmin'],
    detail: StandardDetail,
  ): Promise<StandardDetail> => publishStandard(this.c, who, detail);

  /** A new version of the site's standard that maps `typeCode` too, ready to publish. */
  async siteVersionMapping(typeCode: string): Promise<StandardDetail> {
    const next = await ok<StandardDetail>(this.c, this.n.people.siteAdmin, 'artifact/new-version', {
      standardId: this.siteStandard.standard.standardId,
      fromVersion: this.siteStandard.standard.version,
      revision: this.siteStandard.revision,
    });
    this.extraRows = [
      ...this.extraRows,
      row({ sourceCode: typeCode, sourceName: `Form ${typeCode}`, artifactNumber: '05.02.08' }),
    ];
    return ok<StandardDetail>(this.c, this.n.people.siteAdmin, 'artifact/update-standard', {
      standardId: this.siteStandard.standard.standardId,
      version: next.standard.version,
      revision: next.revision,
      rows: siteRows(this.extraRows),
    });
  }

  /** The site's standard as it is now (its newest version: the next one starts from it). */
  async refreshSiteStandard(): Promise<void> {
    const query = new URLSearchParams({ standardId: this.siteStandard.standard.standardId });
    this.siteStandard = must(
      (
        await registryCall<StandardDetail>(
          this.c,
          this.n.people.siteAdmin,
          `artifact/get-standard?${query.toString()}`,
          undefined,
          'GET',
        )
      ).body.data,
      'standard',
    );
  }

  get siteStandardId(): string {
    return this.siteStandard.standard.standardId;
  }

  private async token(side: 'site' | 'sponsor'): Promise<string> {
    const known = this.tokens.get(side);
    if (known !== undefined) return known;
    const token = await partnerToken(
      this.c.cognitoEndpoint,
      this.c.userPoolId,
      side === 'site' ? this.site : this.sponsor,
      side === 'site' ? SEND : RECEIVE,
    );
    this.tokens.set(side, token);
    return token;
  }

  partner = async <T>(
    side: 'site' | 'sponsor',
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<PartnerAnswer<T>> => {
    const res = await fetch(`${this.c.url}/ccsc/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.token(side)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data: T; error?: { code: string; message: string } };
    return { status: res.status, data: json.data, ...(json.error ? { error: json.error } : {}) };
  };

  /** A send's announcement (same key: the same document). */
  announce = (key: string, file: Buffer, typeCode = 'CV-SIGNED') =>
    this.partner<{
      document: Sent;
      upload: { url: string; headers: Record<string, string> } | null;
    }>('site', 'POST', 'documents', {
      idempotencyKey: key,
      connectionId: this.connection.connectionId,
      typeCode,
      title: `Crash ${typeCode}`,
      version: '1.0',
      documentDate: '2026-11-01',
      language: 'en',
      personName: 'Jana Müller',
      fileName: 'crash.pdf',
      contentType: 'application/pdf',
      size: file.length,
      sha256: sha(file),
    });

  /** Announced and uploaded: ready to complete. */
  uploaded = async (typeCode = 'CV-SIGNED'): Promise<{ documentId: string; key: string }> => {
    const file = pdf();
    const key = `crash-${randomUUID()}`;
    const announced = await this.announce(key, file, typeCode);
    expect(announced.status, JSON.stringify(announced.error)).toBe(200);
    const target = must(announced.data.upload);
    const put = await fetch(target.url, {
      method: 'PUT',
      headers: target.headers,
      body: new Uint8Array(file),
    });
    expect(put.status).toBe(200);
    return { documentId: announced.data.document.documentId, key };
  };

  complete = (documentId: string) =>
    this.partner<{ document: Sent }>('site', 'POST', `documents/${documentId}/complete`, {});

  /**
   * Sent whole and scanned (the offline console scans every kept file): delivered to the
   * sponsor's system (or held, for a type nobody maps).
   */
  sent = async (typeCode = 'CV-SIGNED'): Promise<string> => {
    const { documentId } = await this.uploaded(typeCode);
    const done = await this.complete(documentId);
    expect(done.status, JSON.stringify(done.error)).toBe(200);
    await this.scanned(documentId);
    return documentId;
  };

  /** The document once its malware scan's verdict is in (30 s at most). */
  scanned = async (documentId: string) => {
    const giveUpAt = Date.now() + 30_000;
    for (;;) {
      const now = await this.get(documentId);
      if (now.data.document.state !== 'awaiting-scan' || Date.now() > giveUpAt) return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  acknowledge = (documentId: string) =>
    this.partner<{ state: string; acknowledgedAt: string }>(
      'sponsor',
      'POST',
      `documents/${documentId}/acknowledge`,
      {},
    );

  /** The receiving system rejects a delivered document (issue 35). */
  reject = (documentId: string) =>
    this.partner<{ state: string; rejection: { reason: string } | null }>(
      'sponsor',
      'POST',
      `documents/${documentId}/reject`,
      { reason: 'wrong-version' },
    );

  /** The sending system recalls a document it sent (issue 35: at once, before it is acknowledged). */
  recall = (documentId: string) =>
    this.partner<{ state: string }>('site', 'POST', `documents/${documentId}/recall`, {});

  /** The link to the document's file the sponsor's inbox hands out now (null: none). */
  linkOf = async (documentId: string): Promise<string | null> => {
    let since: string | undefined;
    for (;;) {
      const page = await this.partner<{
        documents: { documentId: string; download: { url: string } | null }[];
        nextCursor: string;
        hasMore: boolean;
      }>(
        'sponsor',
        'GET',
        `documents?limit=100${since === undefined ? '' : `&since=${encodeURIComponent(since)}`}`,
      );
      const found = page.data.documents.find((d) => d.documentId === documentId);
      if (found !== undefined) return found.download?.url ?? null;
      if (!page.data.hasMore) return null;
      since = page.data.nextCursor;
    }
  };

  get = (documentId: string) =>
    this.partner<{ document: Sent & { events: { event: string }[] } }>(
      'site',
      'GET',
      `documents/${documentId}`,
    );

  /** Every document of the sponsor's inbox, each entry (to see none twice). */
  inbox = async (): Promise<string[]> => {
    const ids: string[] = [];
    let since: string | undefined;
    for (;;) {
      const page = await this.partner<{
        documents: { documentId: string }[];
        nextCursor: string;
        hasMore: boolean;
      }>(
        'sponsor',
        'GET',
        `documents?limit=100${since === undefined ? '' : `&since=${encodeURIComponent(since)}`}`,
      );
      ids.push(...page.data.documents.map((d) => d.documentId));
      if (!page.data.hasMore) return ids;
      since = page.data.nextCursor;
    }
  };

  /** The console's download of a document (a GET with its query), as the sponsor's admin. */
  download = (documentId: string) =>
    registryCall(
      this.c,
      this.n.people.sponsorAdmin,
      `s3documents/download?${new URLSearchParams({ documentId }).toString()}`,
      undefined,
      'GET',
    );

  retry = (documentId: string) =>
    registryCall(this.c, this.n.people.siteAdmin, 's3documents/retry', { documentId });

  detail = async (documentId: string) =>
    (
      await registryCall<{
        document: { downloadCount: number; state: string; events: { event: string }[] };
      }>(
        this.c,
        this.n.admin,
        `s3documents/get?${new URLSearchParams({ documentId }).toString()}`,
        undefined,
        'GET',
      )
    ).body.data?.document;

  /** The audit records of `action` about the document, per outcome (one per organisation's trail). */
  audited = async (action: string, documentId: string) => {
    const res = await registryCall<{
      records: { action: string; outcome: string; target: { id: string } | null }[];
    }>(this.c, this.n.admin, 'list-audit-records', { action, target: documentId, limit: 100 });
    // The action filter takes a prefix too: exact here.
    const records = (res.body.data?.records ?? []).filter(
      (r) => r.action === action && r.target?.id === documentId,
    );
    return {
      success: records.filter((r) => r.outcome === 'success').length,
      failure: records.filter((r) => r.outcome === 'failure').length,
    };
  };

  freshPdf = pdf;
}
