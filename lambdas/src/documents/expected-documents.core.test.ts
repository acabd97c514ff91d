import { describe, expect, it } from 'vitest';
import { ORG, WHO } from '../core/testing/connection-test-network';
import { call, requestWorld } from './request-test-kit';

/**
 * expected-documents/get and /save: the template until the sponsor saves a list, then the list;
 * saved from the revision seen, each save's added, changed and removed rows audited once.
 */

const CV = '05.02.04';

describe('expected documents', () => {
  it('starts from the core site-level artifacts of the Reference Model, due in 30 days, from all sites', async () => {
    const w = requestWorld();
    const list = await call.getExpected(w, WHO.sponsorAdmin, { studyId: 'study-1' });
    expect(list).toMatchObject({ saved: false, revision: 0, updatedAt: null });
    expect(list.rows.map((r) => r.artifactNumber)).toContain(CV);
    // 05.02.04 is core and site level; 01.01.01 (trial level) and 05.02.07 (recommended) are not.
    expect(list.rows.map((r) => r.artifactNumber)).not.toContain('01.01.01');
    expect(list.rows.every((r) => r.scope.kind === 'all' && r.dueDate === '2025-04-11')).toBe(true);
    expect(list.sites.map((s) => s.siteNumber)).toEqual(['101', '102', '103']);
  });

  it('saves the list from the revision seen, audits what changed once in the sponsor’s and CRO’s trails, and refuses a stale save', async () => {
    const w = requestWorld();
    const saved = await call.saveExpected(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      revision: 0,
      rows: [
        { scope: { kind: 'all' }, artifactNumber: CV, dueDate: '2025-04-01', note: null },
        {
          scope: { kind: 'country', country: 'GB' },
          artifactNumber: '05.02.02',
          dueDate: '2025-04-02',
          note: 'MHRA',
        },
      ],
    });
    expect(saved).toMatchObject({ saved: true, revision: 1, updatedBy: 'sponsor@example.com' });
    const next = await call.saveExpected(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      revision: 1,
      rows: [
        { scope: { kind: 'all' }, artifactNumber: CV, dueDate: '2025-04-05', note: null },
        {
          scope: { kind: 'site', connectionId: 'conn-1' },
          artifactNumber: '05.03.01',
          dueDate: '2025-05-01',
          note: null,
        },
      ],
    });
    expect(next.revision).toBe(2);
    const audited = w.audit.entries.filter((e) => e.action === 'study.expected-documents-saved');
    expect(audited.map((e) => e.organisationId)).toEqual([
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
      ORG.sponsor.organisationId,
      ORG.cro.organisationId,
    ]);
    expect(audited[2]?.after).toMatchObject({
      added: [{ scope: 'site:conn-1', artifactNumber: '05.03.01' }],
      changed: [{ scope: 'all', artifactNumber: CV, dueDate: '2025-04-05' }],
      removed: [{ scope: 'country:GB', artifactNumber: '05.02.02' }],
    });
    // Saved again unchanged: nothing written, nothing audited.
    await call.saveExpected(w, WHO.sponsorAdmin, {
      studyId: 'study-1',
      revision: 2,
      rows: next.rows,
    });
    expect(
      w.audit.entries.filter((e) => e.action === 'study.expected-documents-saved'),
    ).toHaveLength(4);
    await expect(
      call.saveExpected(w, WHO.sponsorAdmin, { studyId: 'study-1', revision: 1, rows: [] }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('shows a site the rows that concern it, and lets no one but the sponsor’s OrgAdmin or a PlatformAdmin save', async () => {
    const w = requestWorld();
    await call.saveExpected(w, WHO.platformAdmin, {
      studyId: 'study-1',
      revision: 0,
      rows: [
        { scope: { kind: 'all' }, artifactNumber: CV, dueDate: '2025-04-01', note: null },
        {
          scope: { kind: 'country', country: 'GB' },
          artifactNumber: '05.02.02',
          dueDate: '2025-04-02',
          note: null,
        },
        {
          scope: { kind: 'site', connectionId: 'conn-2' },
          artifactNumber: '05.03.01',
          dueDate: '2025-04-02',
          note: null,
        },
      ],
    });
    // The site (Germany, conn-1 and conn-3) sees the row for all sites alone.
    const site = await call.getExpected(w, WHO.siteAdmin, { studyId: 'study-1' });
    expect(site.rows.map((r) => r.artifactNumber)).toEqual([CV]);
    expect(site.sites.map((s) => s.connectionId)).toEqual(['conn-1', 'conn-3']);
    for (const who of [WHO.siteAdmin, WHO.croAdmin, WHO.auditorAll]) {
      await expect(
        call.saveExpected(w, who, { studyId: 'study-1', revision: 1, rows: [] }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(
      call.getExpected(w, WHO.otherSponsorAdmin, { studyId: 'study-1' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses unknown artifacts, sites of another study and a row twice', async () => {
    const w = requestWorld();
    await expect(
      call.saveExpected(w, WHO.sponsorAdmin, {
        studyId: 'study-1',
        revision: 0,
        rows: [
          { scope: { kind: 'all' }, artifactNumber: '99.01.01', dueDate: '2025-04-01', note: null },
          {
            scope: { kind: 'site', connectionId: 'conn-4' },
            artifactNumber: CV,
            dueDate: '2025-04-01',
            note: null,
          },
          { scope: { kind: 'all' }, artifactNumber: CV, dueDate: '2025-04-01', note: null },
          { scope: { kind: 'all' }, artifactNumber: CV, dueDate: '2025-04-03', note: null },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'rows.0.artifactNumber' },
        { path: 'rows.1.scope.connectionId' },
        { path: 'rows.3' },
      ],
    });
    await expect(
      call.saveExpected(w, WHO.sponsorAdmin, {
        studyId: 'study-1',
        revision: 0,
        rows: [
          {
            scope: { kind: 'country', country: 'XX' },
            artifactNumber: CV,
            dueDate: '2025-04-01',
            note: null,
          },
        ],
      }),
    ).rejects.toThrow('country code');
    expect(w.audit.entries).toHaveLength(0);
  });
});
