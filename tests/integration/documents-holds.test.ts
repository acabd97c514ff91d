import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { must, ok, registryCall } from '../support/registry';
import {
  announce,
  c,
  connection,
  inbox,
  n,
  partner,
  pdf,
  publish,
  read,
  row,
  scanned,
  send,
  SEND,
  type Sent,
  setUpDocuments,
  sha,
  site,
  siteRows,
  siteStandard,
  type StandardDetail,
  sponsor,
} from './documents-kit';

/**
 * What the document exchange holds (issue 17), through the running console: a wrong checksum held
 * until the right file comes, forbidden types and foreign connections refused, a type the
 * sender's standard does not map held and released when the standard is extended and published.
 * The fixture: `documents-kit.ts`.
 */

beforeAll(setUpDocuments, 180_000);

describe('the document exchange', () => {
  it('refuses a wrong checksum (held until the file comes again), a forbidden type, and a connection the system is not in', async () => {
    const file = pdf('the real one');
    const tampered = Buffer.from(file);
    tampered[20] = (tampered[20] ?? 0) ^ 0xff;
    const key = `it-${randomUUID()}`;
    const wrong = await send(
      file,
      { typeCode: 'MED-LIC', personName: 'Jana Müller', idempotencyKey: key },
      tampered,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message, JSON.stringify(wrong.error)).toMatch(/SHA-256/);
    const held = await partner<{ document: Sent }>(
      site,
      SEND,
      'GET',
      `documents/${wrong.document.documentId}`,
    );
    expect(held.data.document).toMatchObject({ state: 'held', holdReason: 'checksum-mismatch' });
    // The same send again: a new upload URL; the right file this time is delivered.
    const retry = await announce(file, {
      idempotencyKey: key,
      typeCode: 'MED-LIC',
      personName: 'Jana Müller',
    });
    expect(retry.data.document.documentId).toBe(wrong.document.documentId);
    const again = must(retry.data.upload);
    await fetch(again.url, { method: 'PUT', headers: again.headers, body: new Uint8Array(file) });
    const fixed = await partner<{ document: Sent }>(
      site,
      SEND,
      'POST',
      `documents/${wrong.document.documentId}/complete`,
      {},
    );
    expect(fixed.data.document.state).toBe('awaiting-scan');
    expect((await scanned(fixed.data.document)).state).toBe('delivered');
    // A file of another size is refused for its size, before any hashing.
    const short = await send(
      file,
      { typeCode: 'MED-LIC', personName: 'Jana Müller' },
      file.subarray(0, 100),
    );
    expect(short.status).toBe(400);
    expect(short.error?.message).toMatch(/100 bytes/);

    const forbidden = await partner(site, SEND, 'POST', 'documents', {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: connection.connectionId,
      typeCode: 'MED-LIC',
      title: 'A program',
      version: '1',
      documentDate: '2026-10-01',
      language: 'en',
      personName: 'X',
      fileName: 'run.exe',
      contentType: 'application/x-msdownload',
      size: 10,
      sha256: sha(Buffer.from('x')),
    });
    expect(forbidden.status).toBe(400);
    expect(forbidden.error?.fields?.map((f) => f.path)).toContain('contentType');

    const notTheirs = await partner(site, SEND, 'POST', 'documents', {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: 'conn-that-is-not-theirs',
      typeCode: 'MED-LIC',
      title: 'Licence',
      version: '1',
      documentDate: '2026-10-01',
      language: 'en',
      personName: 'X',
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: sha(Buffer.from('x')),
    });
    expect(notTheirs.status).toBe(404);
    // Without the person's name the site's own standard asks for it at once.
    const nameless = await partner(site, SEND, 'POST', 'documents', {
      idempotencyKey: `it-${randomUUID()}`,
      connectionId: connection.connectionId,
      typeCode: 'MED-LIC',
      title: 'Licence',
      version: '1',
      documentDate: '2026-10-01',
      language: 'en',
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: sha(Buffer.from('x')),
    });
    expect(nameless.status).toBe(400);
    expect(nameless.error?.fields?.map((f) => f.path)).toContain('personName');
    // The sponsor's receive-only use of the site's document: not its to complete.
    const foreign = await partner(
      sponsor,
      SEND,
      'POST',
      `documents/${wrong.document.documentId}/complete`,
      {},
    );
    expect(foreign.status).toBe(404);
  });

  it('holds a type the sender’s standard does not map, shows it in the held queue, and releases it when the standard is extended and published', async () => {
    const file = pdf('FDA 1572');
    const held = await send(file, { typeCode: 'FORM-1572', title: 'Form FDA 1572' });
    expect(held.status).toBe(200);
    expect(held.document).toMatchObject({ state: 'held', holdReason: 'sender-type-unmapped' });

    const queue = (
      await read<{ documents: { documentId: string; holdReason: string }[] }>(
        n.people.siteAdmin,
        's3documents/list',
        { state: 'held' },
      )
    ).data;
    expect(queue.documents.map((d) => d.documentId)).toContain(held.document.documentId);
    // Another site's administrator does not see it.
    const other = (
      await read<{ documents: { documentId: string }[] }>(
        n.people.otherSiteAdmin,
        's3documents/list',
        { state: 'held' },
      )
    ).data;
    expect(other.documents.map((d) => d.documentId)).not.toContain(held.document.documentId);
    const retried = await registryCall(c, n.people.siteAdmin, 's3documents/retry', {
      documentId: held.document.documentId,
    });
    // Its page names the standard to extend: the one the site's system uses now.
    const page = (
      await read<{ document: { standards: { sender: { standardId: string } | null } } }>(
        n.people.siteAdmin,
        's3documents/get',
        { documentId: held.document.documentId },
      )
    ).data;
    expect(page.document.standards.sender?.standardId).toBe(siteStandard.standard.standardId);
    // Still unmapped: the retry is recorded, and the document stays held with the same reason.
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({
      document: { state: 'held', holdReason: 'sender-type-unmapped' },
    });

    const next = await ok<StandardDetail>(c, n.people.siteAdmin, 'artifact/new-version', {
      standardId: siteStandard.standard.standardId,
      fromVersion: siteStandard.standard.version,
      revision: siteStandard.revision,
    });
    const extended = await ok<StandardDetail>(c, n.people.siteAdmin, 'artifact/update-standard', {
      standardId: siteStandard.standard.standardId,
      version: next.standard.version,
      revision: next.revision,
      rows: [
        ...siteRows(),
        row({ sourceCode: 'FORM-1572', sourceName: 'Form FDA 1572', artifactNumber: '05.02.08' }),
      ],
    });
    await publish(n.people.siteAdmin, extended);
    const released = await partner<{ document: Sent }>(
      site,
      SEND,
      'GET',
      `documents/${held.document.documentId}`,
    );
    expect(released.data.document).toMatchObject({
      state: 'delivered',
      classification: { artifactNumber: '05.02.08', receiver: { typeCode: 'ETMF-1572' } },
    });
    const got = await inbox();
    expect(got.data.documents.map((d) => d.documentId)).toContain(held.document.documentId);
  }, 90_000);
});
