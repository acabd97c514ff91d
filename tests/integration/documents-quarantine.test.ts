import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { must, ok, registryCall } from '../support/registry';
import { eicar, sampleExe } from '../support/sample-files';
import {
  c,
  inbox,
  n,
  partner,
  pdf,
  read,
  send,
  SEND,
  type Sent,
  setUpDocuments,
  site,
  studyId,
} from './documents-kit';

/**
 * What a file really is, and malware (issue 34), through the running console: a Windows program
 * named cv.pdf and declared a PDF is quarantined on completion (its content checked with
 * file-type), never delivered, and both the sending system (partner API) and the console see the
 * state and the reason; an EICAR test file named .pdf is quarantined and the offline scanner
 * (clamd, or its EICAR stand-in: GuardDuty's part in AWS) names the malware; a real PDF passes
 * the check and the scan and is delivered.
 */

beforeAll(setUpDocuments, 180_000);

const cv = { typeCode: 'CV-SIGNED', title: 'CV', personName: 'Jana Müller' };

/** The document as the sender follows it, once `done` says so (or 30 s passed). */
const followUntil = async (documentId: string, done: (d: Sent) => boolean): Promise<Sent> => {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const followed = await partner<{ document: Sent }>(
      site,
      SEND,
      'GET',
      `documents/${documentId}`,
    );
    if (done(followed.data.document) || Date.now() > giveUpAt) return followed.data.document;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('quarantine', () => {
  it('quarantines a program named cv.pdf: the sender and the console see why; the receiver never gets it', async () => {
    const sent = await send(sampleExe(`cv ${randomUUID()}`), { ...cv, fileName: 'cv.pdf' });
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.document).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'executable-content',
    });
    expect(sent.document.quarantineDetail).toContain('cv.pdf');
    const { documentId } = sent.document;

    const console = await read<{
      document: { state: string; quarantineReason: string; quarantineDetail: string };
    }>(n.people.sponsorAdmin, 's3documents/get', { documentId });
    expect(console.status).toBe(200);
    expect(console.data.document).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'executable-content',
      quarantineDetail: expect.stringContaining('program') as unknown,
    });
    const listed = await read<{ documents: { documentId: string; quarantineReason: string }[] }>(
      n.people.sponsorAdmin,
      's3documents/list',
      { studyId, state: 'quarantined' },
    );
    expect(listed.data.documents).toContainEqual(
      expect.objectContaining({ documentId, quarantineReason: 'executable-content' }),
    );
    const received = await inbox();
    expect(received.data.documents.map((d) => d.documentId)).not.toContain(documentId);
    // Final: an administrator's retry changes nothing.
    const retry = await registryCall(c, n.people.sponsorAdmin, 's3documents/retry', { documentId });
    expect(retry.status).toBe(409);
  });

  it('quarantines an EICAR test file named .pdf; the scanner names the malware', async () => {
    const sent = await send(eicar(), { ...cv, fileName: 'eicar.pdf' });
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.document.state).toBe('quarantined');
    const scanned = await followUntil(
      sent.document.documentId,
      (d) => d.quarantineReason === 'malware-found',
    );
    expect(scanned).toMatchObject({ state: 'quarantined', quarantineReason: 'malware-found' });
    expect(scanned.quarantineDetail).toMatch(/eicar/i);
    const audit = await ok<{ records: { action: string }[] }>(c, n.admin, 'list-audit-records', {
      target: sent.document.documentId,
    });
    // Once for what it is, once for the malware: one record each (issue 37), each in the
    // sender's trail and the receiver's, so that each side's OrgAdmin reads both.
    expect(audit.records.filter((r) => r.action === 'document.quarantined')).toHaveLength(2);
    for (const who of [n.people.siteAdmin, n.people.sponsorAdmin]) {
      const theirs = await ok<{ records: { action: string }[] }>(c, who, 'list-audit-records', {
        target: sent.document.documentId,
        action: 'document.quarantined',
      });
      expect(theirs.records).toHaveLength(2);
    }
  });

  it('delivers a real PDF once it is scanned clean', async () => {
    const sent = await send(pdf('a clean CV'), { ...cv, fileName: 'clean.pdf' });
    expect(sent.document.state).toBe('delivered');
    const followed = await partner<{ document: Sent & { events: { event: string }[] } }>(
      site,
      SEND,
      'GET',
      `documents/${must(sent.document.documentId)}`,
    );
    expect(followed.data.document.events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['content-checked', 'scanned', 'delivered']),
    );
  });
});
