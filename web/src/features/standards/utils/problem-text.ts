import {
  type CatalogueIndex,
  type MappingRow,
  ROW_LIMITS,
  type RowProblem,
} from '@ccsc/contract/standard-rows';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A row problem in the reader's language, keyed by its `code` (the server's `message` is English),
 * with the row's own values filled in: the duplicated code, the artifact and its allowed levels.
 */
export const useProblemText = (index: CatalogueIndex | null) => {
  const { t } = useTranslation();
  return useCallback(
    (problem: Pick<RowProblem, 'code' | 'field'>, row: MappingRow | undefined): string => {
      const number = row?.artifactNumber.trim() ?? '';
      const artifact = index?.artifacts.get(number);
      const level = row?.filingLevel ?? '';
      return t(`standards.problem.${problem.code}`, {
        code: row?.sourceCode.trim() ?? '',
        number,
        name: artifact?.name ?? '',
        level: level === '' ? '' : t(`standards.level.${level}`),
        levels: (artifact?.levels ?? []).map((l) => t(`standards.level.${l}`)).join(', '),
        sub: row?.subArtifact.trim() ?? '',
        max: problem.field in ROW_LIMITS ? ROW_LIMITS[problem.field as keyof typeof ROW_LIMITS] : 0,
        version: index?.catalogue.version ?? '',
      });
    },
    [t, index],
  );
};
