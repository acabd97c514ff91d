import { type RequestOf, standardRoutes } from '@ccsc/contract';
import { CURRENT_CATALOGUE_VERSION, type CatalogueVersion } from '@ccsc/contract/standard-rows';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type DetailsValues, detailsProblems, detailsRequest } from './details';

/** The new standard's details as the form holds them: whose, which catalogue, and the rest. */
export interface CreateDetailsValues extends DetailsValues {
  /** '' until one is chosen (an OrgAdmin's own from the start). */
  organisationId: string;
  catalogueVersion: CatalogueVersion;
}

/** What the details give create-standard (its source is the page's other half). */
export type CreateDetailsRequest = Omit<RequestOf<'artifact/create-standard'>, 'source'>;

export const emptyCreateDetails = (organisationId: string): CreateDetailsValues => ({
  organisationId,
  catalogueVersion: CURRENT_CATALOGUE_VERSION,
  name: '',
  description: '',
  systemIds: [],
  product: '',
});

// create-standard's own rules for whose standard it is and which catalogue it follows.
const ownerSchema = standardRoutes['artifact/create-standard'].request.pick({
  organisationId: true,
  catalogueVersion: true,
});

/**
 * The details checked: name, description and product with the rules the editor shares
 * (`detailsProblems`: a name is required, each text the contract's free-text rule), the
 * organisation and the catalogue version with create-standard's schema (none chosen yet is
 * "required"). Valid, they yield the request's details (empty texts as none).
 */
export const createDetailsResolver: Resolver<CreateDetailsValues, unknown, CreateDetailsRequest> = (
  values,
) => {
  const errors: FieldErrors<CreateDetailsValues> = {};
  for (const [field, problem] of Object.entries(detailsProblems(values))) {
    if (field === 'name' || field === 'description' || field === 'product') {
      errors[field] = { type: 'validate', message: problem };
    }
  }
  const owner = ownerSchema.safeParse({
    organisationId: values.organisationId,
    catalogueVersion: values.catalogueVersion,
  });
  for (const issue of owner.success ? [] : owner.error.issues) {
    const field = issue.path[0] === 'catalogueVersion' ? 'catalogueVersion' : 'organisationId';
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return owner.success && Object.keys(errors).length === 0
    ? { values: { ...detailsRequest(values), ...owner.data }, errors: {} }
    : { values: {}, errors };
};
