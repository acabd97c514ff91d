import { freeTextSchema } from '@ccsc/contract';
import type { StandardVersion } from './standard-types';

/** A standard version's details as the forms hold them (text fields as typed). */
export interface DetailsValues {
  name: string;
  description: string;
  systemIds: string[];
  product: string;
}

export type DetailsField = 'name' | 'description' | 'product';
/** A field's problem: 'required', or the contract's English message. */
export type DetailsProblems = Partial<Record<DetailsField, string>>;

// The contract's rules for these fields (standards.ts, metaFields).
const RULES = {
  name: freeTextSchema(120),
  description: freeTextSchema(2000),
  product: freeTextSchema(200),
} as const;

export const detailsOf = (standard: StandardVersion): DetailsValues => ({
  name: standard.name,
  description: standard.description ?? '',
  systemIds: standard.systems.map((s) => s.systemId),
  product: standard.product ?? '',
});

export const detailsProblems = (values: DetailsValues): DetailsProblems => {
  const problems: DetailsProblems = {};
  for (const field of ['name', 'description', 'product'] as const) {
    const text = values[field].trim();
    if (text === '') {
      if (field === 'name') problems.name = 'required';
      continue;
    }
    const parsed = RULES[field].safeParse(text);
    if (!parsed.success) problems[field] = parsed.error.issues[0]?.message ?? 'invalid';
  }
  return problems;
};

/** The details as create-standard and update-standard take them (empty text: none). */
export const detailsRequest = (values: DetailsValues) => ({
  name: values.name.trim(),
  description: values.description.trim() === '' ? null : values.description.trim(),
  systemIds: values.systemIds,
  product: values.product.trim() === '' ? null : values.product.trim(),
});

export const sameDetails = (a: DetailsValues, b: DetailsValues): boolean =>
  JSON.stringify(detailsRequest(a)) === JSON.stringify(detailsRequest(b));
