import {
  type Organisation,
  type OrganisationInput,
  organisationInputSchema,
  organisationKindSchema,
  registryTextSchema,
  type RequestOf,
} from '@ccsc/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath } from 'react-hook-form';
import { withChoicesRequired } from '../../../lib/contract-resolver';

/** The organisation form as it is filled in: everything as text, identifiers as rows. */
export interface OrganisationFormValues {
  name: string;
  /** An organisation kind, or '' before one is chosen. */
  kind: string;
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

const FIELDS: readonly FieldPath<OrganisationFormValues>[] = [
  'name',
  'kind',
  'country',
  'identifiers',
  'contactEmail',
];

/** The form's field of a server path (an update names them inside `changes.`), or null. */
export const organisationFieldOf = (path: string): FieldPath<OrganisationFormValues> | null => {
  const own = path.replace(/^changes\./, '');
  const row = /^identifiers\.(\d+)\.(label|value)$/.exec(own);
  if (row) return `identifiers.${Number(row[1])}.${row[2] === 'label' ? 'label' : 'value'}`;
  return FIELDS.find((field) => field === own) ?? null;
};

export const organisationFormOf = (o: Organisation): OrganisationFormValues => ({
  name: o.name,
  kind: o.kind,
  country: o.country,
  identifiers: o.identifiers.map((i) => ({ ...i })),
  contactEmail: o.contactEmail ?? '',
});

// A kind is checked as text first, so that the form may hold '' before one is chosen.
const contractResolver = zodResolver(
  organisationInputSchema.extend({
    kind: registryTextSchema(40).pipe(organisationKindSchema),
  }),
);

/**
 * The form checked by the server's own schema as the contract takes it: a row of identifiers
 * left wholly empty is dropped, an e-mail left empty is none; a kind or a country not chosen yet
 * is required.
 */
export const organisationResolver = withChoicesRequired<OrganisationFormValues, OrganisationInput>(
  (values, context, options) =>
    contractResolver(
      {
        name: values.name,
        kind: values.kind,
        country: values.country,
        identifiers: values.identifiers.filter(
          (i) => i.label.trim() !== '' || i.value.trim() !== '',
        ),
        contactEmail: values.contactEmail.trim() === '' ? null : values.contactEmail,
      },
      context,
      {
        criteriaMode: options.criteriaMode,
        fields: options.fields,
        shouldUseNativeValidation: options.shouldUseNativeValidation,
      },
    ),
  ['kind', 'country'],
);

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
