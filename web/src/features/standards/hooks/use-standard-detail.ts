import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../components/notice-area';
import { callApi } from '../../../lib/api';
import { type DetailsValues, detailsOf } from '../utils/details';
import { type GridRows, gridOf } from '../utils/grid-state';
import { forgetHandover, handedOver } from '../utils/standard-handover';
import type { StandardDetail } from '../utils/standard-types';

/** The editor's state: the version as the server answered it, and the changes made since. */
export interface Shown {
  detail: StandardDetail;
  /** The rows as loaded: the grid is unchanged while it is this very object. */
  loaded: GridRows;
  grid: GridRows;
  details: DetailsValues;
}

export const shownOf = (detail: StandardDetail): Shown => {
  const grid = gridOf(detail.rows, detail.problems);
  return { detail, loaded: grid, grid, details: detailsOf(detail.standard) };
};

/**
 * The editor's version: the one handed over by the step that made it (created, or a new version,
 * with its notice) or else loaded, again on every `setAttempt`; the notice and a 409's conflict.
 */
export const useStandardDetail = (standardId: string, version: number | undefined) => {
  const { t } = useTranslation();
  const [handed] = useState(() => handedOver(standardId, version));
  const [shown, setShown] = useState<Shown | null>(() =>
    handed === null ? null : shownOf(handed.detail),
  );
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(() =>
    handed === null
      ? null
      : {
          kind: 'success',
          text:
            handed.reason === 'created'
              ? t('standards.editor.created', { name: handed.detail.standard.name })
              : t('standards.editor.versionStarted', { version: handed.detail.standard.version }),
        },
  );
  const [conflict, setConflict] = useState<string | null>(null);

  useEffect(() => {
    if (handed !== null) forgetHandover();
  }, [handed]);

  useEffect(() => {
    if (attempt === 0 && handed !== null) return;
    let current = true;
    callApi('artifact/get-standard', {
      standardId,
      ...(version === undefined ? {} : { version }),
    }).then(
      (detail) => {
        if (!current) return;
        setShown(shownOf(detail));
        setLoadError(null);
        setConflict(null);
      },
      (error: unknown) => {
        if (current) setLoadError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [standardId, version, attempt, handed]);

  return {
    shown,
    setShown,
    loadError,
    setLoadError,
    setAttempt,
    notice,
    setNotice,
    conflict,
    setConflict,
  };
};
