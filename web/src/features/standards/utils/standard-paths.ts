import { paths } from '../../../config/paths';

/** The editor of a standard: its newest version, or the one named (`?standardId=…&version=…`). */
export const standardPath = (standardId: string, version?: number): string => {
  const params = new URLSearchParams({ standardId });
  if (version !== undefined) params.set('version', String(version));
  return `${paths.admin.viewEditStandard}?${params.toString()}`;
};
