import type { OrganisationKind, OrganisationRecord } from '../data-model';

export type Organisation = OrganisationRecord;

/** The organisations (sites and sponsors) the console links: the main table. */
export interface Organisations {
  /** Every organisation of a kind, by name. */
  list(kind: OrganisationKind): Promise<Organisation[]>;
  get(organisationId: string): Promise<Organisation | null>;
}
