import { AppError } from '../errors';
import {
  claimKeys,
  type OrganisationRecord,
  type Registry,
  type RegistryChange,
} from '../ports/registry';

/** The registry suite's helpers: write ids, a created organisation, a refusal caught. */

let writes = 0;
export const writeId = () => {
  writes += 1;
  return `write-${String(writes)}-${String(Date.now())}`;
};

export const createOrganisation = (org: OrganisationRecord, id = writeId()): RegistryChange => ({
  writeId: id,
  puts: [{ item: { type: 'organisation', record: org }, expectedRevision: null }],
  claims: [
    {
      key: claimKeys.organisationName(org.country, org.name),
      message: 'An organisation of this name already exists in this country.',
      field: 'name',
    },
  ],
});

export const refusalOf = async (work: Promise<unknown>): Promise<AppError> => {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

/** A fresh, empty registry per test; `reader` another process's view of the same store. */
export interface RegistryUnderTest {
  registry: Registry;
  reader: Registry;
}

let ids = 0;
/** Ids unique across the suite's runs against one table. */
export const uniqueId = (prefix: string) => {
  ids += 1;
  return `${prefix}-${String(ids)}-${Math.random().toString(36).slice(2, 8)}`;
};
