import type { FieldError, FieldValues, Path, Resolver } from 'react-hook-form';

/** The contract's words for a field left empty (translated like every contract message). */
const REQUIRED = 'This field is required.';

/**
 * A form's resolver (zodResolver over the contract's schema) where a choice not made yet (a select
 * or a radio left at '') reads "This field is required." rather than the schema's words for a
 * value it does not know: what the server would refuse, said as the reader understands it.
 */
export const withChoicesRequired =
  <V extends FieldValues, O>(
    resolver: Resolver<V, unknown, O>,
    choices: readonly Path<V>[],
  ): Resolver<V, unknown, O> =>
  async (values, context, options) => {
    const result = await resolver(values, context, options);
    const missing = choices.filter((field) => values[field] === '');
    if (missing.length === 0) return result;
    const required: Partial<Record<Path<V>, FieldError>> = {};
    for (const field of missing) required[field] = { type: 'required', message: REQUIRED };
    return { values: {}, errors: { ...result.errors, ...required } };
  };
