import { describe, expect, it } from 'vitest';
import { STUDY_TRANSITIONS } from '@ccsc/contract/registry-access';
import {
  inviteSiteInputSchema,
  organisationInputSchema,
  studyInputSchema,
  systemInputSchema,
} from '@ccsc/contract/organisations';
import { claimKeys } from '@ccsc/lambdas/adapters';
import { SEED_CONNECTIONS, SEED_ORGANISATIONS, SEED_STUDIES, SEED_SYSTEMS } from './seed-network';
import { OPEN, orgs, systems, studies, CHANGES, actionOf, lifeOf } from './seed-test-support';

/**
 * The offline seed's registry network (seed-network.ts): consistent in itself (every reference
 * resolves, states and history agree, the API's field rules hold), written in bulk exactly as the
 * registry adapter's commits would write it, with the claims and use counts the API would have
 * made, so the API's rules hold on it.
 */

describe('the seed network', () => {
  it('is a dozen sites and more, a few sponsors, a CRO for two of them, 5-8 studies', () => {
    const kinds = SEED_ORGANISATIONS.map((o) => o.kind);
    expect(kinds.filter((k) => k === 'site').length).toBeGreaterThanOrEqual(12);
    expect(kinds.filter((k) => k === 'sponsor').length).toBeGreaterThanOrEqual(3);
    expect(kinds.filter((k) => k === 'cro')).toHaveLength(1);
    const cro = SEED_ORGANISATIONS.find((o) => o.kind === 'cro');
    const actedFor = new Set(
      SEED_STUDIES.filter((s) => s.croOrganisationId === cro?.organisationId).map(
        (s) => s.sponsorOrganisationId,
      ),
    );
    expect(actedFor.size).toBe(2);
    expect(SEED_STUDIES.length).toBeGreaterThanOrEqual(5);
    expect(SEED_STUDIES.length).toBeLessThanOrEqual(8);
    expect(new Set(SEED_ORGANISATIONS.map((o) => o.country)).size).toBeGreaterThanOrEqual(8);
    // The user tests' OrgAdmin and Auditor of Klinikum Berlin-Mitte see no other organisation.
    expect(SEED_CONNECTIONS.filter((c) => c.siteOrganisationId === 'site-berlin-mitte')).toEqual(
      [],
    );
    // The organisations the other tests name, as they name them.
    expect(
      Object.fromEntries(
        [
          'site-berlin-mitte',
          'site-hamburg-nord',
          'site-ankara-city',
          'site-izmir-ege',
          'sponsor-nordlicht',
          'sponsor-anatolia',
        ].map((id) => [id, orgs.get(id)?.name]),
      ),
    ).toEqual({
      'site-berlin-mitte': 'Klinikum Berlin-Mitte',
      'site-hamburg-nord': 'Universitätsklinikum Hamburg-Nord',
      'site-ankara-city': 'Ankara City Research Hospital',
      'site-izmir-ege': 'Ege Clinical Research Centre Izmir',
      'sponsor-nordlicht': 'Nordlicht Pharma AG',
      'sponsor-anatolia': 'Anatolia Biotech A.Ş.',
    });
  });

  it('has connections in every state, suspended by each side', () => {
    const states = new Set(
      SEED_CONNECTIONS.map((c) =>
        c.status === 'suspended' ? `suspended by ${String(c.suspendedBy)}` : c.status,
      ),
    );
    expect([...states].sort()).toEqual([
      'active',
      'declined',
      'ended',
      'invited',
      'suspended by platform',
      'suspended by site',
      'suspended by sponsor',
    ]);
    // Ended from each state an open connection can be in, and a site invited again after.
    const endedFrom = new Set(
      SEED_CONNECTIONS.filter((c) => c.status === 'ended').map(
        (c) => c.history[c.history.length - 2]?.status,
      ),
    );
    expect(endedFrom).toEqual(new Set(['invited', 'active']));
    const pairs = SEED_CONNECTIONS.map((c) => `${c.studyId}#${c.siteOrganisationId}`);
    expect(new Set(pairs).size).toBeLessThan(pairs.length);
  });

  it('passes the API field rules, with unique ids, names and protocol numbers', () => {
    for (const o of SEED_ORGANISATIONS) {
      expect(
        organisationInputSchema.safeParse({
          name: o.name,
          kind: o.kind,
          country: o.country,
          identifiers: o.identifiers,
          contactEmail: o.contactEmail,
        }).error,
        o.organisationId,
      ).toBeUndefined();
    }
    for (const s of SEED_SYSTEMS) {
      const { systemId, organisationId, name, kind, vendor, product, environment } = s;
      expect(
        systemInputSchema.safeParse({
          organisationId,
          name,
          kind,
          vendor,
          product,
          environment,
          technicalContactEmail: s.technicalContactEmail,
        }).error,
        systemId,
      ).toBeUndefined();
    }
    for (const s of SEED_STUDIES) {
      expect(
        studyInputSchema.safeParse({
          sponsorOrganisationId: s.sponsorOrganisationId,
          croOrganisationId: s.croOrganisationId,
          protocolNumber: s.protocolNumber,
          title: s.title,
          phase: s.phase,
        }).error,
        s.studyId,
      ).toBeUndefined();
    }
    for (const c of SEED_CONNECTIONS) {
      expect(
        inviteSiteInputSchema.safeParse({
          studyId: c.studyId,
          siteOrganisationId: c.siteOrganisationId,
          siteNumber: c.siteNumber,
          country: c.country,
          principalInvestigator: c.principalInvestigator,
          sponsorSystemId: c.sponsorSystemId,
        }).error,
        c.connectionId,
      ).toBeUndefined();
    }
    const unique = (values: string[]) => {
      expect(new Set(values).size).toBe(values.length);
    };
    unique(SEED_ORGANISATIONS.map((o) => o.organisationId));
    unique(SEED_SYSTEMS.map((s) => s.systemId));
    unique(SEED_STUDIES.map((s) => s.studyId));
    unique(SEED_CONNECTIONS.map((c) => c.connectionId));
    unique(SEED_ORGANISATIONS.map((o) => claimKeys.organisationName(o.country, o.name)));
    unique(
      SEED_STUDIES.map((s) => claimKeys.studyProtocol(s.sponsorOrganisationId, s.protocolNumber)),
    );
  });

  it('resolves every reference, each in the role it plays', () => {
    for (const o of SEED_ORGANISATIONS) {
      const own = SEED_SYSTEMS.filter((s) => s.organisationId === o.organisationId);
      expect(own.length, o.organisationId).toBeGreaterThanOrEqual(1);
      expect(own.length, o.organisationId).toBeLessThanOrEqual(3);
    }
    for (const s of SEED_SYSTEMS) expect(orgs.has(s.organisationId), s.systemId).toBe(true);
    for (const s of SEED_STUDIES) {
      expect(orgs.get(s.sponsorOrganisationId)?.kind, s.studyId).toBe('sponsor');
      if (s.croOrganisationId !== null) {
        expect(orgs.get(s.croOrganisationId)?.kind, s.studyId).toBe('cro');
      }
    }
    for (const c of SEED_CONNECTIONS) {
      const study = studies.get(c.studyId);
      expect(study, c.connectionId).toBeDefined();
      expect(c.sponsorOrganisationId).toBe(study?.sponsorOrganisationId);
      expect(c.croOrganisationId).toBe(study?.croOrganisationId);
      expect(orgs.get(c.siteOrganisationId)?.kind, c.connectionId).toBe('site');
      expect(c.country).toBe(orgs.get(c.siteOrganisationId)?.country);
      expect([c.sponsorOrganisationId, c.croOrganisationId], c.connectionId).toContain(
        systems.get(c.sponsorSystemId)?.organisationId,
      );
      const accepted = c.history.some((h, i) => i > 0 && h.status === 'active');
      if (accepted) {
        expect(systems.get(c.siteSystemId ?? '')?.organisationId, c.connectionId).toBe(
          c.siteOrganisationId,
        );
      } else {
        expect(c.siteSystemId, c.connectionId).toBeNull();
      }
    }
  });

  it("tells each connection's life in steps the API allows, by a side allowed to take them", () => {
    for (const c of SEED_CONNECTIONS) {
      const [first, ...rest] = c.history;
      expect(first?.status, c.connectionId).toBe('invited');
      expect(first?.side).toBe('sponsor');
      let status = 'invited';
      let suspendedBy: string | null = null;
      let previous = first?.at ?? '';
      for (const h of rest) {
        const action = actionOf(status, h.status);
        expect(action, `${c.connectionId}: ${status} -> ${h.status}`).not.toBeNull();
        if (action === 'accept' || action === 'decline')
          expect(['site', 'platform']).toContain(h.side);
        if (action === 'resume') expect(['platform', suspendedBy]).toContain(h.side);
        expect(h.at > previous, `${c.connectionId} at ${h.at}`).toBe(true);
        suspendedBy = h.status === 'suspended' ? h.side : null;
        status = h.status;
        previous = h.at;
      }
      const last = c.history[c.history.length - 1];
      expect(c.status).toBe(last?.status);
      expect(c.suspendedBy).toBe(suspendedBy);
      expect(c.revision).toBe(c.history.length);
      expect(c.createdAt).toBe(first?.at);
      expect(c.createdBy).toBe(first?.by);
      expect(c.updatedAt).toBe(last?.at);
      expect(c.updatedBy).toBe(last?.by);
      // Every step while its study, organisations and systems were there and in service.
      const parties = [
        lifeOf('study', c.studyId),
        ...[c.sponsorOrganisationId, c.croOrganisationId, c.siteOrganisationId].flatMap((id) =>
          id === null ? [] : [lifeOf('organisation', id)],
        ),
        ...[c.sponsorSystemId, c.siteSystemId].flatMap((id) =>
          id === null ? [] : [lifeOf('system', id)],
        ),
      ];
      for (const party of parties) {
        expect((first?.at ?? '') > party.created, c.connectionId).toBe(true);
        if (OPEN.has(c.status)) expect(party.ended, c.connectionId).toBe('9999');
        else expect((last?.at ?? '') <= party.ended, c.connectionId).toBe(true);
      }
    }
  });

  it('moves studies forward only, and keeps one open connection per study and site', () => {
    for (const s of SEED_STUDIES) {
      const versions = CHANGES.flatMap((c) => c.puts).flatMap((p) =>
        p.item.type === 'study' && p.item.record.studyId === s.studyId ? [p.item.record] : [],
      );
      expect(versions[0]?.status).toBe('planned');
      for (let i = 1; i < versions.length; i += 1) {
        expect(STUDY_TRANSITIONS[versions[i - 1]?.status ?? '']).toContain(versions[i]?.status);
      }
      expect(s.revision).toBe(versions.length);
    }
    const open = SEED_CONNECTIONS.filter((c) => OPEN.has(c.status)).map(
      (c) => `${c.studyId}#${c.siteOrganisationId}`,
    );
    expect(new Set(open).size).toBe(open.length);
  });
});
