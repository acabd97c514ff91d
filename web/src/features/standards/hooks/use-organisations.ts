import type { Organisation, OrgSystem } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { allPages, callApi } from '../../../lib/api';

/** Every organisation the caller sees (list-organisations), by name. */
const loadOrganisations = (): Promise<Organisation[]> =>
  allPages(async (cursor) => {
    const page = await callApi('list-organisations', {
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.organisations, nextCursor: page.nextCursor };
  });

/** Every system of one organisation (getOrgSysList), active or not. */
export const loadSystems = (organisationId: string): Promise<OrgSystem[]> =>
  allPages(async (cursor) => {
    const page = await callApi('getOrgSysList', {
      organisationId,
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.systems, nextCursor: page.nextCursor };
  });

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; value: T };

/**
 * Something a form chooses from, loaded for a key (null: nothing to load) and again on `retry`.
 * `load` must be stable (module level).
 */
const useChoices = <T>(load: (key: string) => Promise<T>, key: string | null) => {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    load(key).then(
      (value) => {
        if (current) setResult({ key, loaded: { state: 'loaded', value } });
      },
      () => {
        if (current) setResult({ key, loaded: { state: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [load, key, attempt]);
  const loaded: Loaded<T> =
    result !== null && result.key === key ? result.loaded : { state: 'loading' };
  return {
    ...loaded,
    retry: () => {
      setResult(null);
      setAttempt((n) => n + 1);
    },
  };
};

const everyOrganisation = () => loadOrganisations();

/** The organisations to choose from (`enabled`: for whom there is a choice), or nothing. */
export const useOrganisations = (enabled: boolean) =>
  useChoices(everyOrganisation, enabled ? 'all' : null);

/** The systems of an organisation to choose from (none for a null organisation). */
export const useSystems = (organisationId: string | null) =>
  useChoices(loadSystems, organisationId);
