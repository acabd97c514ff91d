import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { callApi } from './api';
import { createEnrolledUser, type EnrolledTestUser } from './aws';
import type { ConsoleInfo } from './global-setup';

/**
 * A small registry network of its own for a test file (issue 14): made through the API by a
 * PlatformAdmin with names no other file uses, so files never see each other's records.
 */

export interface Envelope<T = Record<string, unknown>> {
  status: 'success' | 'error';
  data?: T;
  error?: { code: string; message: string; fields?: { path: string; message: string }[] };
}

export interface Caller {
  idToken: string;
}

export const registryCall = async <T = Record<string, unknown>>(
  c: ConsoleInfo,
  caller: Caller | null,
  op: string,
  body?: unknown,
  method = 'POST',
): Promise<{ status: number; body: Envelope<T> }> => {
  const res = await callApi(c, op, {
    method,
    ...(caller === null ? {} : { token: caller.idToken }),
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, body: res.body as Envelope<T> };
};

/** A call that must succeed: its data. */
export const ok = async <T = Record<string, unknown>>(
  c: ConsoleInfo,
  caller: Caller,
  op: string,
  body?: unknown,
  method = 'POST',
): Promise<T> => {
  const res = await registryCall<T>(c, caller, op, body, method);
  expect(res.status, `${op}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data as T;
};

export interface Org {
  organisationId: string;
  name: string;
  kind: string;
  revision: number;
  status: string;
}
export interface Sys {
  systemId: string;
  organisationId: string;
  name: string;
  revision: number;
  status: string;
}
export interface StudyRow {
  studyId: string;
  protocolNumber: string;
  revision: number;
  status: string;
}
export interface ConnectionRow {
  connectionId: string;
  status: string;
  revision: number;
  siteSystemId: string | null;
  suspendedBy: string | null;
  history: { status: string; by: string; side: string; reason: string | null }[];
}

export interface Network {
  tag: string;
  admin: EnrolledTestUser;
  sponsor: Org;
  otherSponsor: Org;
  cro: Org;
  site: Org;
  otherSite: Org;
  sponsorSystem: Sys;
  otherSponsorSystem: Sys;
  croSystem: Sys;
  siteSystem: Sys;
  otherSiteSystem: Sys;
  people: {
    sponsorAdmin: EnrolledTestUser;
    otherSponsorAdmin: EnrolledTestUser;
    croAdmin: EnrolledTestUser;
    siteAdmin: EnrolledTestUser;
    otherSiteAdmin: EnrolledTestUser;
    auditorAll: EnrolledTestUser;
    siteAuditor: EnrolledTestUser;
  };
}

export const newOrganisation = async (
  c: ConsoleInfo,
  admin: Caller,
  name: string,
  kind: 'site' | 'sponsor' | 'cro',
  country = 'DE',
): Promise<Org> =>
  (
    await ok<{ organisation: Org }>(c, admin, 'create-organisation', {
      name,
      kind,
      country,
      identifiers: [{ label: 'Registry', value: randomUUID().slice(0, 8) }],
      contactEmail: `contact-${randomUUID().slice(0, 6)}@example.org`,
    })
  ).organisation;

export const newSystem = async (
  c: ConsoleInfo,
  caller: Caller,
  organisationId: string,
  name: string,
  kind: string,
): Promise<Sys> =>
  (
    await ok<{ system: Sys }>(c, caller, 'create-system', {
      organisationId,
      name,
      kind,
      vendor: 'Acme Clinical',
      product: `${kind.toUpperCase()} Suite`,
      environment: 'production',
      technicalContactEmail: `tech-${randomUUID().slice(0, 6)}@example.org`,
    })
  ).system;

/** A sponsor, another sponsor, a CRO, two sites, a system each, and their administrators. */
export const buildNetwork = async (c: ConsoleInfo, label: string): Promise<Network> => {
  const tag = `${label} ${randomUUID().slice(0, 6)}`;
  const admin = await createEnrolledUser(c, 'PlatformAdmin');
  const [sponsor, otherSponsor, cro, site, otherSite] = await Promise.all([
    newOrganisation(c, admin, `Sponsor ${tag}`, 'sponsor', 'CH'),
    newOrganisation(c, admin, `Other Sponsor ${tag}`, 'sponsor', 'US'),
    newOrganisation(c, admin, `CRO ${tag}`, 'cro', 'GB'),
    newOrganisation(c, admin, `Site ${tag}`, 'site', 'DE'),
    newOrganisation(c, admin, `Other Site ${tag}`, 'site', 'FR'),
  ]);
  const [sponsorSystem, otherSponsorSystem, croSystem, siteSystem, otherSiteSystem] =
    await Promise.all([
      newSystem(c, admin, sponsor.organisationId, `Sponsor eTMF ${tag}`, 'etmf'),
      newSystem(c, admin, otherSponsor.organisationId, `Other eTMF ${tag}`, 'etmf'),
      newSystem(c, admin, cro.organisationId, `CRO eTMF ${tag}`, 'etmf'),
      newSystem(c, admin, site.organisationId, `Site eISF ${tag}`, 'eisf'),
      newSystem(c, admin, otherSite.organisationId, `Other eISF ${tag}`, 'eisf'),
    ]);
  const [sponsorAdmin, otherSponsorAdmin, croAdmin, siteAdmin, otherSiteAdmin, auditorAll] =
    await Promise.all([
      createEnrolledUser(c, 'OrgAdmin', sponsor.organisationId),
      createEnrolledUser(c, 'OrgAdmin', otherSponsor.organisationId),
      createEnrolledUser(c, 'OrgAdmin', cro.organisationId),
      createEnrolledUser(c, 'OrgAdmin', site.organisationId),
      createEnrolledUser(c, 'OrgAdmin', otherSite.organisationId),
      createEnrolledUser(c, 'Auditor'),
    ]);
  const siteAuditor = await createEnrolledUser(c, 'Auditor', site.organisationId);
  return {
    tag,
    admin,
    sponsor,
    otherSponsor,
    cro,
    site,
    otherSite,
    sponsorSystem,
    otherSponsorSystem,
    croSystem,
    siteSystem,
    otherSiteSystem,
    people: {
      sponsorAdmin,
      otherSponsorAdmin,
      croAdmin,
      siteAdmin,
      otherSiteAdmin,
      auditorAll,
      siteAuditor,
    },
  };
};

/** A value a test relies on being there (fails the test, naming it, when it is not). */
export const must = <T>(value: T | undefined | null, what = 'value'): T => {
  if (value === undefined || value === null) throw new Error(`expected a ${what}`);
  return value;
};

export const protocol = () => `PRT-${randomUUID().slice(0, 8).toUpperCase()}`;
