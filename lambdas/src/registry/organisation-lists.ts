import type { OrganisationKind, RegistryStatus, SystemKind } from '@ccsc/contract/organisations';
import type {
  OrganisationRecord,
  Registry,
  RegistrySnapshot,
  SystemRecord,
} from '../core/ports/registry';
import type { Cell } from '@ccsc/formats/write-csv';
import { byKey, fold, searchKey, searchMatcher, sortKey } from '../core/list-page';
import { perSnapshot, type RegistryView } from './registry-view';

/**
 * The organisation and system lists (getSiteOrgList, getSponsorList, list-organisations,
 * getOrgSysList and their exports): every record in list order with its search key, built once
 * per snapshot (and each record's keys once per record object, so a snapshot after one change
 * folds only what changed); a call then filters that order, never sorts.
 */

interface Entry<R> {
  record: R;
  key: string;
  search: string;
}

const organisationEntries = new WeakMap<OrganisationRecord, Entry<OrganisationRecord>>();

const organisationEntry = (record: OrganisationRecord): Entry<OrganisationRecord> => {
  let entry = organisationEntries.get(record);
  if (entry === undefined) {
    entry = {
      record,
      key: sortKey(record.name, record.organisationId),
      search: searchKey([
        record.name,
        ...record.identifiers.map((identifier) => identifier.value),
        record.country,
      ]),
    };
    organisationEntries.set(record, entry);
  }
  return entry;
};

/** Every organisation by name. */
const organisationOrder = perSnapshot((snapshot) =>
  [...snapshot.organisations.values()].map(organisationEntry).sort(byKey),
);

export interface OrganisationFilter {
  search?: string | undefined;
  /** The kinds listed (getSponsorList: sponsors and CROs); every kind when absent. */
  kinds?: readonly OrganisationKind[] | undefined;
  status?: RegistryStatus | undefined;
  country?: string | undefined;
}

/** The organisations the view shows that pass the filter, by name. */
export const findOrganisations = (
  view: RegistryView,
  filter: OrganisationFilter,
): OrganisationRecord[] => {
  const matches = searchMatcher(filter.search);
  const found: OrganisationRecord[] = [];
  for (const { record, search } of organisationOrder(view.snapshot)) {
    if (filter.kinds !== undefined && !filter.kinds.includes(record.kind)) continue;
    if (filter.status !== undefined && record.status !== filter.status) continue;
    if (filter.country !== undefined && record.country !== filter.country) continue;
    if (matches !== null && !matches(search)) continue;
    if (!view.organisation(record.organisationId)) continue;
    found.push(record);
  }
  return found;
};

interface SystemParts {
  /** The system's own part of the sort key (its name and id). */
  own: string;
  search: string;
}

const systemParts = new WeakMap<SystemRecord, SystemParts>();

const partsOf = (record: SystemRecord): SystemParts => {
  let parts = systemParts.get(record);
  if (parts === undefined) {
    parts = {
      own: sortKey(record.name, record.systemId),
      search: searchKey([record.name, record.vendor, record.product]),
    };
    systemParts.set(record, parts);
  }
  return parts;
};

/** Every system by its organisation's name, then its own name. */
const systemOrder = perSnapshot((snapshot: RegistrySnapshot) => {
  const organisationKeys = new Map<string, string>();
  const organisationKey = (organisationId: string) => {
    let key = organisationKeys.get(organisationId);
    if (key === undefined) {
      const name = snapshot.organisations.get(organisationId)?.name ?? '';
      key = `${fold(name)}\u0000${name}\u0000${organisationId}`;
      organisationKeys.set(organisationId, key);
    }
    return key;
  };
  return [...snapshot.systems.values()]
    .map((record): Entry<SystemRecord> => {
      const parts = partsOf(record);
      return {
        record,
        key: `${organisationKey(record.organisationId)}\u0001${parts.own}`,
        search: parts.search,
      };
    })
    .sort(byKey);
});

export interface SystemFilter {
  search?: string | undefined;
  organisationId?: string | undefined;
  kind?: SystemKind | undefined;
  environment?: SystemRecord['environment'] | undefined;
  status?: RegistryStatus | undefined;
}

/** The systems the view shows that pass the filter, by organisation, then name. */
export const findSystems = (view: RegistryView, filter: SystemFilter): SystemRecord[] => {
  const matches = searchMatcher(filter.search);
  const found: SystemRecord[] = [];
  for (const { record, search } of systemOrder(view.snapshot)) {
    if (filter.organisationId !== undefined && record.organisationId !== filter.organisationId) {
      continue;
    }
    if (filter.kind !== undefined && record.kind !== filter.kind) continue;
    if (filter.environment !== undefined && record.environment !== filter.environment) continue;
    if (filter.status !== undefined && record.status !== filter.status) continue;
    if (matches !== null && !matches(search)) continue;
    if (!view.system(record)) continue;
    found.push(record);
  }
  return found;
};

/** The identifiers as one CSV cell, the way the import reads them: "label: value | label: value". */
export const identifiersCell = (identifiers: readonly { label: string; value: string }[]): string =>
  identifiers.map(({ label, value }) => `${label}: ${value}`).join(' | ');

/** What the lists read: the registry's snapshot. */
export interface RegistryReadDeps {
  registry: Pick<Registry, 'snapshot'>;
}

/** A found list as an export's rows: each row's cells made as the writer asks for it. */
export const exportRows = <T>(
  items: readonly T[],
  cellsOf: (item: T) => Cell[],
): AsyncIterable<Cell[]> => {
  function* rows() {
    for (const item of items) yield cellsOf(item);
  }
  const iterator = rows();
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(iterator.next()) }) };
};
