import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { createSystem } from './create-system.core';
import { importOrganisations } from './import-organisations.core';
import { as, network } from './organisation-test-network';
import { refusalsAudited } from '../core/refusals-audited';
import { updateSystem } from './update-system.core';

const systemInput = (organisationId: string) =>
  routes['create-system'].request.parse({
    organisationId,
    name: 'Third eISF',
    kind: 'eisf',
    vendor: 'Florence',
    product: 'eBinders',
    environment: 'production',
    technicalContactEmail: 'it@example.org',
  });

const audited = refusalsAudited(
  { action: 'system.created', target: (i) => ({ type: 'organisation', id: i.organisationId }) },
  createSystem,
);

describe('refusalsAudited', () => {
  it("records a 403 with the refusal's words, the caller and the caller's organisation", async () => {
    const { deps: base, audit } = network();
    const deps = { ...base, audit };
    await expect(audited(systemInput('A'), as('sponsorAdmin'), deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'system.created',
        outcome: 'failure',
        actor: expect.objectContaining({ email: 'sponsorAdmin@example.com' }) as unknown,
        target: { type: 'organisation', id: 'A' },
        organisationId: 'S',
        reason: "You may manage only your own organisation's systems.",
      }),
    ]);
  });

  it('records a 404 by the id the request named only, and a 409 of a change refused', async () => {
    const { deps: base, audit } = network();
    const deps = { ...base, audit };
    await expect(audited(systemInput('nowhere'), as('siteAdmin'), deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const rename = refusalsAudited(
      { action: 'system.updated', target: (i) => ({ type: 'system', id: i.systemId }) },
      updateSystem,
    );
    await expect(
      rename({ systemId: 'a1', revision: 7, changes: { vendor: 'X' } }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(audit.entries.map((e) => [e.action, e.outcome, e.target, e.organisationId])).toEqual([
      ['system.created', 'failure', { type: 'organisation', id: 'nowhere' }, 'A'],
      ['system.updated', 'failure', { type: 'system', id: 'a1' }, 'A'],
    ]);
  });

  it('adds nothing to a change that is made, and records only the codes it is given', async () => {
    const { deps: base, audit } = network();
    const deps = { ...base, audit };
    await audited(systemInput('A'), as('siteAdmin'), deps);
    expect(audit.entries.map((e) => [e.action, e.outcome])).toEqual([
      ['system.created', 'success'],
    ]);

    const imports = refusalsAudited(
      { action: 'organisation.imported', codes: ['FORBIDDEN'] },
      importOrganisations,
    );
    const csv = 'name,kind,country\nKlinik Ost,site,DE';
    await expect(imports({ csv, dryRun: false }, as('siteAdmin'), deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(audit.entries.at(-1)).toMatchObject({
      action: 'organisation.imported',
      outcome: 'failure',
    });
    expect(audit.entries.at(-1)).not.toHaveProperty('target');
  });

  it('passes the refusal on even when the trail refuses the record, never a success', async () => {
    const { deps: base, audit } = network();
    const deps = { ...base, audit };
    audit.failWith = new Error('trail down');
    await expect(audited(systemInput('A'), as('sponsorAdmin'), deps)).rejects.toThrow();
  });
});
