import type { ResponseOf } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { allPages, callApi } from '../../../lib/api';

export type Organisation = ResponseOf<'list-organisations'>['organisations'][number];
export type DialCode = ResponseOf<'get-mob-dial-code'>['dialCodes'][number];
export type Group = ResponseOf<'list-all-groups'>['groups'][number];

export interface ReferenceData {
  sites: Organisation[];
  sponsors: Organisation[];
  /** Contract research organisations, acting for sponsors. */
  cros: Organisation[];
  /** The roles the caller may give. */
  groups: Group[];
  dialCodes: DialCode[];
}

type Settled = { key: number; data: ReferenceData } | { key: number; failed: true };

/**
 * Every organisation the caller may see, of every kind and status (a user may belong to an
 * inactive one), by name: list-organisations pages them (at most 100 a page), so all pages are
 * fetched.
 */
const loadOrganisations = () =>
  allPages(async (cursor) => {
    const page = await callApi('list-organisations', {
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.organisations, nextCursor: page.nextCursor };
  });

/** The organisations (every kind) the list and the forms name; the form also the roles and codes. */
export const useReferenceData = (what: 'organisations' | 'all') => {
  const [settled, setSettled] = useState<Settled | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([
      loadOrganisations(),
      what === 'all' ? callApi('list-all-groups', {}) : Promise.resolve({ groups: [] }),
      what === 'all' ? callApi('get-mob-dial-code', {}) : Promise.resolve({ dialCodes: [] }),
    ]).then(
      ([organisations, groups, dialCodes]) => {
        if (!current) return;
        setSettled({
          key: attempt,
          data: {
            sites: organisations.filter((o) => o.kind === 'site'),
            sponsors: organisations.filter((o) => o.kind === 'sponsor'),
            cros: organisations.filter((o) => o.kind === 'cro'),
            groups: groups.groups,
            dialCodes: dialCodes.dialCodes,
          },
        });
      },
      () => {
        if (current) setSettled({ key: attempt, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [what, attempt]);
  const retry = () => {
    setAttempt((n) => n + 1);
  };
  const current = settled?.key === attempt ? settled : null;
  if (current === null) return { status: 'loading' as const, retry };
  if ('failed' in current) return { status: 'failed' as const, retry };
  return { status: 'ready' as const, data: current.data, retry };
};

export const organisationNames = (data: ReferenceData | null): Map<string, string> =>
  new Map(
    [...(data?.sites ?? []), ...(data?.sponsors ?? []), ...(data?.cros ?? [])].map((o) => [
      o.organisationId,
      o.name,
    ]),
  );
