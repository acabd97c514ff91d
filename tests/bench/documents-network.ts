/**
 * The document bench's network, made through the API as its administrators make it (`documents.ts`).
 */
import { performance } from 'node:perf_hooks';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { issueCredential, partnerToken } from '../support/oauth';
import { type Org, type Sys, newOrganisation, newSystem, ok } from '../support/registry';
import {
  type DocumentBench,
  INVESTIGATORS,
  rowsOf,
  type Site,
  SITE_CITIES,
  SITE_COUNTRIES,
  SITE_SHARES,
  SITE_SYSTEM_KINDS,
  SITE_TYPES,
  SPONSOR_TYPES,
  type Standard,
  type TypeRow,
} from './documents-types';
import {
  HISTORIC_STUDIES,
  inPool,
  RECEIVE,
  seconds,
  SEND,
  SITES,
  type System,
  SYSTEMS_A_SITE,
} from './documents-kit';

/**
 * The network above, made through the API. `options.historicSponsor`: an existing sponsor to
 * carry the history instead of a new one (the dashboard's bench gives the registry's busiest).
 */
export const buildBench = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  log: (line: string) => void,
  options: { historicSponsor?: Org } = {},
): Promise<DocumentBench> => {
  const started = performance.now();
  const tag = String(Date.now()).slice(-6);
  const [sponsor, historicSponsor, cro, ...siteOrgs] = await Promise.all([
    newOrganisation(c, admin, `Bench Documents Pharma ${tag}`, 'sponsor', 'CH'),
    options.historicSponsor ??
      newOrganisation(c, admin, `Bench Nordlicht Biotech ${tag}`, 'sponsor', 'SE'),
    newOrganisation(c, admin, `Bench Clinical Research ${tag}`, 'cro', 'GB'),
    ...SITE_CITIES.slice(0, SITES).map((city, i) =>
      newOrganisation(
        c,
        admin,
        `Bench University Hospital ${city} ${tag}`,
        'site',
        SITE_COUNTRIES[i] ?? 'DE',
      ),
    ),
  ]);
  const [etmf, historicEtmf, ...flatSiteSystems] = await inPool(
    [
      [sponsor, 'eTMF', 'etmf'] as const,
      [historicSponsor, 'eTMF', 'etmf'] as const,
      ...siteOrgs.flatMap((org) =>
        SITE_SYSTEM_KINDS.map(
          (kind, k) => [org, `${kind.toUpperCase()} ${String(k + 1)}`, kind] as const,
        ),
      ),
    ],
    4,
    ([org, name, kind]) => newSystem(c, admin, org.organisationId, `${name} ${tag}`, kind),
  );
  if (etmf === undefined || historicEtmf === undefined) throw new Error('no eTMF was made');
  const systemsOf = (i: number) =>
    flatSiteSystems.slice(i * SYSTEMS_A_SITE, (i + 1) * SYSTEMS_A_SITE);

  // Studies: the live sponsor's (one a system of each site), the history's (the last with a CRO).
  const study = (sponsorOrg: Org, n: number, croId: string | null) =>
    ok<{ study: { studyId: string; protocolNumber: string } }>(c, admin, 'create-study', {
      sponsorOrganisationId: sponsorOrg.organisationId,
      croOrganisationId: croId,
      protocolNumber: `BD-${tag}-${String(n)}`,
      title: `Bench documents study ${String(n)}`,
      phase: 'phase-3',
    });
  const liveStudies = await inPool(
    Array.from({ length: SYSTEMS_A_SITE }, (_, k) => k),
    2,
    (k) => study(sponsor, k + 1, null),
  );
  const historicStudies = await inPool(
    Array.from({ length: HISTORIC_STUDIES }, (_, k) => k),
    2,
    (k) => study(historicSponsor, 100 + k, k === HISTORIC_STUDIES - 1 ? cro.organisationId : null),
  );

  /** Invited by the sponsor, accepted by the site with one of its systems. */
  const connect = async (
    studyId: string,
    siteIndex: number,
    siteSystem: Sys,
    sponsorSystem: Sys,
    siteNumber: string,
  ) => {
    const site = siteOrgs[siteIndex] as Org;
    const invited = await ok<{ connection: { connectionId: string; revision: number } }>(
      c,
      admin,
      'invite-site',
      {
        studyId,
        siteOrganisationId: site.organisationId,
        siteNumber,
        country: SITE_COUNTRIES[siteIndex] ?? 'DE',
        principalInvestigator: INVESTIGATORS[siteIndex % INVESTIGATORS.length] ?? 'Dr. X',
        sponsorSystemId: sponsorSystem.systemId,
      },
    );
    await ok(c, admin, 'accept-connection', {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: siteSystem.systemId,
    });
    return invited.connection.connectionId;
  };
  const livePairs = siteOrgs.flatMap((_, s) =>
    liveStudies.map((st, k) => ({ s, k, studyId: st.study.studyId })),
  );
  const liveConnections = await inPool(livePairs, 3, ({ s, k, studyId }) =>
    connect(studyId, s, systemsOf(s)[k] as Sys, etmf, String(101 + s)),
  );
  const historicPairs = siteOrgs.flatMap((_, s) =>
    historicStudies.map((st, k) => ({ s, k, studyId: st.study.studyId })),
  );
  const historicIds = await inPool(historicPairs, 3, ({ s, k, studyId }) =>
    connect(studyId, s, systemsOf(s)[0] as Sys, historicEtmf, String(201 + s + 10 * k)),
  );
  log(
    `documents: network made in ${seconds(performance.now() - started)} ` +
      `(${String(siteOrgs.length + 3)} organisations, ${String(flatSiteSystems.length + 2)} systems, ` +
      `${String(liveConnections.length + historicIds.length)} connections)`,
  );

  // Each organisation's administrator, who signs its standard.
  const signed = performance.now();
  const [sponsorAdmin, historicAdmin, ...siteAdmins] = await inPool(
    [sponsor, historicSponsor, ...siteOrgs],
    3,
    (org) => createEnrolledUser(c, 'OrgAdmin', org.organisationId),
  );
  const publishStandard = async (
    who: EnrolledTestUser,
    org: Org,
    systems: Sys[],
    types: readonly TypeRow[],
    name: string,
  ): Promise<Standard> => {
    const draft = await ok<{
      standard: { standardId: string; version: number };
      revision: number;
    }>(c, who, 'artifact/create-standard', {
      organisationId: org.organisationId,
      name,
      systemIds: systems.map((s) => s.systemId),
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'bench.csv', rows: rowsOf(types) },
    });
    await ok(c, who, 'artifact/publish-standard', {
      standardId: draft.standard.standardId,
      version: draft.standard.version,
      revision: draft.revision,
      meaning: 'Approved',
      password: who.password,
      code: await who.authenticator.next(),
    });
    return { standardId: draft.standard.standardId, version: draft.standard.version, name };
  };
  if (sponsorAdmin === undefined || historicAdmin === undefined) throw new Error('no admins');
  const [liveStandard, historicStandard, ...siteStandards] = await inPool(
    [
      () => publishStandard(sponsorAdmin, sponsor, [etmf], SPONSOR_TYPES, `eTMF ${tag}`),
      () =>
        publishStandard(
          historicAdmin,
          historicSponsor,
          [historicEtmf],
          SPONSOR_TYPES,
          `eTMF ${tag}`,
        ),
      ...siteOrgs.map(
        (org, s) => () =>
          publishStandard(
            siteAdmins[s] as EnrolledTestUser,
            org,
            systemsOf(s),
            SITE_TYPES,
            `eISF ${tag}`,
          ),
      ),
    ],
    3,
    (make) => make(),
  );
  if (liveStandard === undefined || historicStandard === undefined) throw new Error('no standard');
  log(
    `documents: ${String(siteOrgs.length + 2)} OrgAdmins enrolled and their standards signed in ` +
      seconds(performance.now() - signed),
  );

  // A credential per system, revealed as its contact does, and a token for it.
  const issued = performance.now();
  const system = async (sys: Sys, scope: string): Promise<System> => {
    const credential = await issueCredential(c, admin, sys.systemId, [scope]);
    return {
      systemId: sys.systemId,
      organisationId: sys.organisationId,
      name: sys.name,
      token: await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scope),
    };
  };
  const receiver = await system(etmf, RECEIVE);
  const senders = await inPool(livePairs, 4, async ({ s, k }, i) => ({
    ...(await system(systemsOf(s)[k] as Sys, SEND)),
    connectionId: liveConnections[i] as string,
    siteNumber: String(101 + s),
  }));
  log(
    `documents: ${String(senders.length + 1)} credentials issued, revealed and exchanged for tokens in ` +
      seconds(performance.now() - issued),
  );

  const sites: Site[] = siteOrgs.map((org, s) => ({
    org,
    admin: siteAdmins[s] as EnrolledTestUser,
    systems: systemsOf(s),
    standard: siteStandards[s] as Standard,
    share: SITE_SHARES[s] ?? 0.1,
  }));
  return {
    c,
    admin,
    log,
    receiver,
    senders,
    sites,
    historic: {
      sponsor: historicSponsor,
      etmf: historicEtmf,
      standard: historicStandard,
      cro,
      connections: historicPairs.map(({ s, k, studyId }, i) => ({
        connectionId: historicIds[i] as string,
        studyId,
        siteNumber: String(201 + s + 10 * k),
        site: sites[s] as Site,
        siteSystem: systemsOf(s)[0] as Sys,
        croOrganisationId: k === HISTORIC_STUDIES - 1 ? cro.organisationId : null,
      })),
    },
    sent: [],
  };
};
