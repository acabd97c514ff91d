import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../core/errors';
import { importedFileKeyOf } from '../core/ports/document-imports';
import { callerContext } from '../core/testing/fakes';
import { ORG, STUDY, WHO } from '../core/testing/connection-test-network';
import {
  sha,
  pdf,
  object,
  file,
  packageOf,
  sponsorAuditor,
  setUp,
  run,
  get,
  download,
  list,
  announce,
  importOnce,
  CV,
  everyLevel,
} from './import-etmf-test-kit';

/** The eTMF-EMS imports within reach, read back page by page and downloaded. */

describe('reach over imports', () => {
  it('lets the study’s CRO import, and read and download what it filed', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel(), WHO.croAdmin);
    expect(done).toMatchObject({ state: 'completed', filed: 5 });
    expect(w.audit.entries.flatMap((e) => [e.organisationId, ...(e.alsoFor ?? [])])).toEqual([
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
    ]);
    // The sponsor sees the CRO's import too.
    expect((await get(w, { importId: done.importId })).objects).toHaveLength(5);
    expect((await download(w, done.importId, 1, WHO.croAdmin)).fileName).toBe('TMF Plan v1.pdf');
  });

  it('hides an import from another sponsor and from the sites (404 on every call)', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    for (const who of [WHO.otherSponsorAdmin, WHO.siteAdmin, WHO.siteAuditor]) {
      await expect(run(w, done.importId, who)).rejects.toThrow(NotFoundError);
      await expect(get(w, { importId: done.importId }, who)).rejects.toThrow(NotFoundError);
      await expect(download(w, done.importId, 1, who)).rejects.toThrow(NotFoundError);
      await expect(list(w, STUDY.main.studyId, who)).rejects.toThrow(NotFoundError);
    }
    expect(w.files.calls.downloadUrl).toBe(0);
    expect(w.audit.actions()).not.toContain('imported-file.downloaded');
  });

  it('refuses another sponsor’s run of an import not yet run, touching nothing', async () => {
    const w = setUp();
    const importId = await announce(w, await everyLevel());
    await expect(run(w, importId, WHO.otherSponsorAdmin)).rejects.toThrow(NotFoundError);
    expect(w.imports.imports.get(importId)).toMatchObject({
      revision: 1,
      state: 'awaiting-upload',
    });
    expect(w.files.calls.sizeOf).toBe(0);
  });

  it('lets the sponsor’s auditors and those who reach everything read it', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    for (const who of [sponsorAuditor, WHO.auditorAll, WHO.platformAdmin]) {
      expect((await get(w, { importId: done.importId }, who)).objects).toHaveLength(5);
      expect(await list(w, STUDY.main.studyId, who)).toHaveLength(1);
    }
  });

  // One reach rule for listing and opening: the study's sponsor side as it is now.
  it('lists and opens an import by one rule after the study changes its CRO', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel(), WHO.croAdmin);
    w.registry.seed([
      {
        type: 'study',
        record: { ...STUDY.main, croOrganisationId: ORG.otherCro.organisationId, revision: 2 },
      },
    ]);
    const newCro = callerContext({
      role: 'OrgAdmin',
      organisationId: ORG.otherCro.organisationId,
      email: 'new-cro@example.com',
    });
    const seen: { who: string; listed: boolean; opened: boolean }[] = [];
    for (const who of [WHO.croAdmin, newCro]) {
      const listed = await list(w, STUDY.main.studyId, who).then(
        (imports) => imports.some((i) => i.importId === done.importId),
        () => false,
      );
      const opened = await get(w, { importId: done.importId }, who).then(
        () => true,
        () => false,
      );
      seen.push({ who: who.caller.email, listed, opened });
    }
    expect(seen.every((s) => s.listed === s.opened)).toBe(true);
    expect(seen.map((s) => s.listed)).toEqual([false, true]);
  });

  it('answers 404 for an import that does not exist', async () => {
    const w = setUp();
    const importId = `imp-${'9'.repeat(26)}`;
    await expect(run(w, importId)).rejects.toThrow(NotFoundError);
    await expect(get(w, { importId })).rejects.toThrow(NotFoundError);
    await expect(download(w, importId, 1)).rejects.toThrow(NotFoundError);
  });
});

describe('s3documents/import-get', () => {
  it('pages the filed files by cursor, 100 a page, in order', async () => {
    const w = setUp();
    const count = 101;
    const bytes = Array.from({ length: count }, (_, i) => pdf(`document ${String(i + 1)}`));
    const objects = bytes.map((b, i) =>
      object({
        objectId: `OBJ-${String(i + 1)}`,
        files: [file(`d${String(i + 1)}.pdf`, `d/${String(i + 1)}.pdf`, b)],
      }),
    );
    const zip = await packageOf(
      objects,
      Object.fromEntries(bytes.map((b, i) => [`d/${String(i + 1)}.pdf`, b])),
    );
    const done = await importOnce(w, zip);
    expect(done).toMatchObject({ filed: count });

    const first = await get(w, { importId: done.importId });
    expect(first.objects.map((o) => o.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(first.nextCursor).toBe('f100');
    const second = await get(w, { importId: done.importId, cursor: first.nextCursor ?? '' });
    expect(second.objects.map((o) => [o.seq, o.objectId])).toEqual([[101, 'OBJ-101']]);
    expect(second.nextCursor).toBeNull();
    expect(second.import).toEqual(first.import);
  });

  it.each(['x100', 'f', 'f-1', 'f1.5', 'f1234567890', 'F10', 'f10 ', 'eyJzZXEiOjF9'])(
    'refuses the forged cursor %j',
    async (cursor) => {
      const w = setUp();
      const done = await importOnce(w, await everyLevel());
      const refusal = get(w, { importId: done.importId, cursor });
      await expect(refusal).rejects.toThrow(ValidationError);
      await expect(refusal).rejects.toMatchObject({ fields: [{ path: 'cursor' }] });
    },
  );
});

describe('s3documents/import-download', () => {
  it('answers a short-lived link to the filed copy, and records the download', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    const link = await download(w, done.importId, 4);
    expect(link).toEqual({
      url: expect.stringContaining(
        `https://documents.example.com/${importedFileKeyOf(STUDY.main.studyId, done.importId, { object: 2, file: 0 })}?`,
      ) as unknown,
      expiresAt: expect.any(String) as unknown,
      fileName: 'CV Müller.pdf',
    });
    expect(new URL(link.url).searchParams.get('name')).toBe('CV Müller.pdf');
    expect(new URL(link.url).searchParams.get('type')).toBe('application/pdf');
    expect(new URL(link.url).searchParams.get('expires')).toBe('900');
    expect(w.audit.actions()).toEqual([
      'study.import-announced',
      'study.imported-etmf',
      'imported-file.downloaded',
    ]);
    expect(w.audit.entries[2]).toMatchObject({
      outcome: 'success',
      actor: { email: 'sponsor@example.com', role: 'OrgAdmin' },
      organisationId: ORG.sponsor.organisationId,
      target: { type: 'study', id: STUDY.main.studyId, label: STUDY.main.protocolNumber },
      after: {
        importId: done.importId,
        seq: 4,
        objectId: 'OBJ-3',
        artifactNumber: '05.02.04',
        fileName: 'CV Müller.pdf',
        sha256: sha(CV),
      },
    });

    // One record, in the sponsor's trail and the CRO's.
    expect(w.audit.entries[2]?.alsoFor).toEqual([ORG.cro.organisationId]);
    // A PlatformAdmin's download goes into the same trails.
    await download(w, done.importId, 1, WHO.platformAdmin);
    expect(
      w.audit.entries.slice(3).flatMap((e) => [e.organisationId, ...(e.alsoFor ?? [])]),
    ).toEqual([ORG.sponsor.organisationId, ORG.cro.organisationId]);
  });

  it('the link expires 15 minutes after it was made', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    w.clock.advance(60_000);
    const link = await download(w, done.importId, 1);
    expect(link.expiresAt).toBe('2025-03-01T09:16:00.000Z');
  });

  it('answers 404 for a number the import did not file, recording nothing', async () => {
    const w = setUp();
    const done = await importOnce(w, await everyLevel());
    await expect(download(w, done.importId, 6)).rejects.toThrow(NotFoundError);
    expect(w.audit.actions()).not.toContain('imported-file.downloaded');
    expect(w.files.calls.downloadUrl).toBe(0);
  });
});
