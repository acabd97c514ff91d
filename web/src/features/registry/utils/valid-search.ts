import { organisationListQuerySchema } from '@ccsc/contract';

/** The registry's search as the server takes it (the contract's rule), or null if refused. */
const searchSchema = organisationListQuerySchema.shape.search;
export const validSearch = (text: string): string | undefined | null => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return searchSchema.safeParse(trimmed).success ? trimmed : null;
};
