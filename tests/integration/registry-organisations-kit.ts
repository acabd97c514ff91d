// The organisations' integration tests share this network: who is who, and one connection.
import type { ConsoleInfo } from '../support/global-setup';
import {
  buildNetwork,
  type ConnectionRow,
  type Network,
  ok,
  protocol,
  registryCall,
  type StudyRow,
} from '../support/registry';

export type Who =
  | 'admin'
  | 'sponsorAdmin'
  | 'otherSponsorAdmin'
  | 'croAdmin'
  | 'siteAdmin'
  | 'otherSiteAdmin'
  | 'auditorAll'
  | 'siteAuditor';
export interface OrganisationsNetwork {
  n: Network;
  connection: ConnectionRow;
}

/**
 * A network whose sponsor and site are connected by one invitation; the other site and the
 * other sponsor are connected to nobody.
 */
export const connectedNetwork = async (c: ConsoleInfo): Promise<OrganisationsNetwork> => {
  const n = await buildNetwork(c, 'Orgs');
  const study = (
    await ok<{ study: StudyRow }>(c, n.people.sponsorAdmin, 'create-study', {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: protocol(),
      title: 'Visibility study',
      phase: 'phase-2',
    })
  ).study;
  const connection = (
    await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'invite-site', {
      studyId: study.studyId,
      siteOrganisationId: n.site.organisationId,
      siteNumber: '001',
      country: 'DE',
      principalInvestigator: 'Dr. Ada Lovelace',
      sponsorSystemId: n.sponsorSystem.systemId,
    })
  ).connection;
  return { n, connection };
};

/** `w` of the network: the PlatformAdmin or one of its people. */
export const whoIn = (n: Network, w: Who) => (w === 'admin' ? n.admin : n.people[w]);

/** The status `w` gets asking for the organisation. */
export const seesIn = async (c: ConsoleInfo, n: Network, w: Who, organisationId: string) =>
  (await registryCall(c, whoIn(n, w), 'get-organisation', { organisationId })).status;
