import {
  type Organisation,
  type OrganisationInput,
  organisationInputSchema,
  type OrganisationKind,
  type RequestOf,
} from '@ccsc/contract';
import { type Problems, problemsOfIssues } from './form-problems';

/** The organisation form as it is filled in: everything as text, identifiers as rows. */
export interface OrganisationFormValues {
  name: string;
  kind: OrganisationKind | '';
  country: string;
  identifiers: { label: string; value: string }[];
  contactEmail: string;
}

export const EMPTY_ORGANISATION: OrganisationFormValues = {
  name: '',
  kind: '',
  country: '',
  identifiers: [],
  contactEmail: '',
};

export const ORGANISATION_FIELDS = ['name', 'kind', 'country', 'identifiers', 'contactEmail'];

export const organisationFormOf = (o: Organisation): OrganisationFormValues => ({
  name: o.name,
  kind: o.kind,
  country: o.country,
  identifiers: o.identifiers.map((i) => ({ ...i })),
  contactEmail: o.contactEmail ?? '',
});

/**
 * The input the contract takes, checked by the server's own schema: a row of identifiers left
 * wholly empty is dropped, an e-mail left empty is none.
 */
export const toOrganisationInput = (
  values: OrganisationFormValues,
): { input: OrganisationInput | null; problems: Problems } => {
  const candidate = {
    name: values.name,
    kind: values.kind === '' ? undefined : values.kind,
    country: values.country,
    identifiers: values.identifiers.filter((i) => i.label.trim() !== '' || i.value.trim() !== ''),
    contactEmail: values.contactEmail.trim() === '' ? null : values.contactEmail,
  };
  const parsed = organisationInputSchema.safeParse(candidate);
  const problems = parsed.success ? {} : problemsOfIssues(parsed.error.issues);
  if (values.kind === '') problems.kind = 'This field is required.';
  if (values.country === '') problems.country = 'This field is required.';
  return parsed.success ? { input: parsed.data, problems } : { input: null, problems };
};

type Changes = RequestOf<'update-organisation'>['changes'];

/** Only what differs from the stored organisation (the server records real changes only). */
export const organisationChanges = (before: Organisation, after: OrganisationInput): Changes => {
  const changes: Changes = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.kind !== before.kind) changes.kind = after.kind;
  if (after.country !== before.country) changes.country = after.country;
  const identifiers = after.identifiers ?? [];
  if (JSON.stringify(identifiers) !== JSON.stringify(before.identifiers)) {
    changes.identifiers = identifiers;
  }
  const contactEmail = after.contactEmail ?? null;
  if (contactEmail !== before.contactEmail) changes.contactEmail = contactEmail;
  return changes;
};
