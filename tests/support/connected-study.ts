import type { MappingRow } from '@ccsc/contract/standard-rows';
import type { ConsoleInfo } from './global-setup';
import { buildNetwork, type ConnectionRow, type Network, ok, protocol } from './registry';

/**
 * The start every document suite shares (integration, imports, crash): a network of its own whose
 * sponsor has a study with the site connected (invited and accepted), and each side's mapping
 * standard drafted from the suite's rows.
 */

export interface StandardDetail {
  standard: { standardId: string; version: number };
  revision: number;
}

export interface ConnectedStudy {
  n: Network;
  studyId: string;
  connection: ConnectionRow;
}

/** A fresh network (`label`) with a study titled `title`, its site `siteNumber` connected. */
export const connectedStudy = async (
  c: ConsoleInfo,
  label: string,
  study: { title: string; phase: string; siteNumber: string },
): Promise<ConnectedStudy> => {
  const n = await buildNetwork(c, label);
  const created = await ok<{ study: { studyId: string } }>(
    c,
    n.people.sponsorAdmin,
    'create-study',
    {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: protocol(),
      title: study.title,
      phase: study.phase,
    },
  );
  const studyId = created.study.studyId;
  const invited = await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'invite-site', {
    studyId,
    siteOrganisationId: n.site.organisationId,
    siteNumber: study.siteNumber,
    country: 'DE',
    principalInvestigator: 'Dr. Jana Müller',
    sponsorSystemId: n.sponsorSystem.systemId,
  });
  const accepted = await ok<{ connection: ConnectionRow }>(
    c,
    n.people.siteAdmin,
    'accept-connection',
    {
      connectionId: invited.connection.connectionId,
      revision: invited.connection.revision,
      siteSystemId: n.siteSystem.systemId,
    },
  );
  return { n, studyId, connection: accepted.connection };
};

const STANDARD_NAMES = { site: 'Site eISF', sponsor: 'Sponsor eTMF' } as const;

/** One side's standard, drafted (imported) from its rows by that side's administrator. */
const draft = (c: ConsoleInfo, n: Network, side: 'site' | 'sponsor', rows: MappingRow[]) =>
  ok<StandardDetail>(
    c,
    side === 'site' ? n.people.siteAdmin : n.people.sponsorAdmin,
    'artifact/create-standard',
    {
      organisationId: n[side].organisationId,
      name: `${STANDARD_NAMES[side]} ${n.tag}`,
      systemIds: [(side === 'site' ? n.siteSystem : n.sponsorSystem).systemId],
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: `${side}.csv`, rows },
    },
  );

/** The site's eISF and the sponsor's eTMF standard, each drafted from its rows (in that order). */
export const standardDrafts = async (
  c: ConsoleInfo,
  n: Network,
  rows: { site: MappingRow[]; sponsor: MappingRow[] },
): Promise<{ site: StandardDetail; sponsor: StandardDetail }> => {
  const site = await draft(c, n, 'site', rows.site);
  const sponsor = await draft(c, n, 'sponsor', rows.sponsor);
  return { site, sponsor };
};

/** Publishes a draft as `who` (signed with their password and a fresh code). */
export const publishStandard = async (
  c: ConsoleInfo,
  who: Network['people']['siteAdmin'],
  detail: StandardDetail,
): Promise<StandardDetail> =>
  ok<StandardDetail>(c, who, 'artifact/publish-standard', {
    standardId: detail.standard.standardId,
    version: detail.standard.version,
    revision: detail.revision,
    meaning: 'Approved',
    password: who.password,
    code: await who.authenticator.next(),
  });
