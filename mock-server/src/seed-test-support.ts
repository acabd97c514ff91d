import { CONNECTION_STEPS, type ConnectionAction } from '@ccsc/contract/registry-access';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import { SEED_ORGANISATIONS, SEED_STUDIES, SEED_SYSTEMS, seedChanges } from './seed-network';

/** What the seed tests share: the seed network's records by id, its changes, their lives. */

export const CATALOGUE = CATALOGUES['3.3'];
export const OPEN = new Set(['invited', 'active', 'suspended']);
export const orgs = new Map(SEED_ORGANISATIONS.map((o) => [o.organisationId, o]));
export const systems = new Map(SEED_SYSTEMS.map((s) => [s.systemId, s]));
export const studies = new Map(SEED_STUDIES.map((s) => [s.studyId, s]));
export const CHANGES = seedChanges();

/** The step that leads from one status to the next, or null when none does. */
export const actionOf = (from: string, to: string): ConnectionAction | null =>
  (Object.keys(CONNECTION_STEPS) as ConnectionAction[]).find(
    (action) =>
      CONNECTION_STEPS[action].to === to &&
      (CONNECTION_STEPS[action].from as readonly string[]).includes(from),
  ) ?? null;

/** When a record of the seed was created and (if it was) deactivated or closed. */
export const lifeOf = (type: 'organisation' | 'system' | 'study', id: string) => {
  const versions = CHANGES.flatMap((c) => c.puts).flatMap(({ item }) => {
    if (item.type !== type) return [];
    const itsId =
      item.type === 'organisation'
        ? item.record.organisationId
        : item.type === 'system'
          ? item.record.systemId
          : item.record.studyId;
    return itsId === id ? [item.record] : [];
  });
  const created = versions[0]?.createdAt ?? '9999';
  const ended = versions.find((v) => v.status === 'inactive' || v.status === 'closed');
  return { created, ended: ended?.updatedAt ?? '9999' };
};
