import type { CatalogueVersion } from '@ccsc/contract/standard-rows';
import { useForm, useWatch } from 'react-hook-form';
import type { DetailsProblems, DetailsValues } from '../utils/details';
import {
  type CreateDetailsRequest,
  type CreateDetailsValues,
  createDetailsResolver,
  emptyCreateDetails,
} from '../utils/create-details';

/**
 * The new standard's details form (react-hook-form): nothing is said before the form is first
 * sent, then each problem as it stands after every change; no field is focused.
 */
export const useCreateDetails = (fixedOrganisation: string | null) => {
  const form = useForm<CreateDetailsValues, unknown, CreateDetailsRequest>({
    resolver: createDetailsResolver,
    defaultValues: emptyCreateDetails(fixedOrganisation ?? ''),
    shouldFocusError: false,
  });
  const watched = useWatch({ control: form.control });
  const { errors, isSubmitted } = form.formState;
  const change = { shouldValidate: isSubmitted, shouldDirty: true };

  const details: DetailsValues = {
    name: watched.name ?? '',
    description: watched.description ?? '',
    systemIds: watched.systemIds ?? [],
    product: watched.product ?? '',
  };
  const problems: DetailsProblems = {};
  for (const field of ['name', 'description', 'product'] as const) {
    const message = errors[field]?.message;
    if (message !== undefined) problems[field] = message;
  }

  return {
    form,
    submitted: isSubmitted,
    organisationId: watched.organisationId ?? '',
    organisationMissing: errors.organisationId !== undefined,
    catalogueVersion: watched.catalogueVersion ?? form.getValues('catalogueVersion'),
    details,
    problems,
    /** Another organisation: its systems are others, so none is chosen. */
    setOrganisation: (organisationId: string) => {
      form.setValue('organisationId', organisationId, change);
      form.setValue('systemIds', [], change);
    },
    setCatalogueVersion: (version: CatalogueVersion) => {
      form.setValue('catalogueVersion', version, change);
    },
    setDetails: (next: DetailsValues) => {
      for (const field of ['name', 'description', 'product', 'systemIds'] as const) {
        if (next[field] !== details[field]) form.setValue(field, next[field], change);
      }
    },
  };
};
