import type { ImportConflict } from '@ccsc/contract/documents';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice } from '../../../components/notice-area';
import { callApi } from '../../../lib/api';
import { messageOfError } from '../../../lib/refusals';
import { documentKeys } from '../api/keys';

/** What a person decides for a conflict: the artifact to file the whole object as, or skip it. */
export type Decision = { action: 'file'; number: string; name: string } | { action: 'skip' };

/**
 * The catalogue's artifacts (artifact/catalogue, TMF RM 3.3) for "another artifact": fetched
 * once, when a conflict asks for them, and kept for the session (the catalogue never changes).
 */
export const useCatalogueArtifacts = (wanted: boolean) =>
  useQuery({
    queryKey: documentKeys.catalogueArtifacts('3.3'),
    queryFn: async () =>
      indexCatalogue((await callApi('artifact/catalogue', { version: '3.3' })).catalogue).list,
    enabled: wanted,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * Resolves one conflict of an import (s3documents/import-resolve), one at a time; says what was
 * done (or why not) and has the report loaded again.
 */
export const useResolveConflict = (importId: string, onResolved: () => void) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const resolve = async (conflict: ImportConflict, decision: Decision) => {
    if (busy !== null) return;
    setBusy(conflict.seq);
    setNotice(null);
    try {
      await callApi(
        's3documents/import-resolve',
        decision.action === 'file'
          ? { importId, seq: conflict.seq, action: 'file', artifactNumber: decision.number }
          : { importId, seq: conflict.seq, action: 'skip' },
      );
      setNotice({
        kind: 'success',
        text:
          decision.action === 'file'
            ? t('documents.import.conflicts.didFile', {
                objectId: conflict.objectId,
                artifact: `${decision.number} ${decision.name}`,
              })
            : t('documents.import.conflicts.didSkip', { objectId: conflict.objectId }),
      });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('documents.import.conflicts.failed')),
      });
    } finally {
      setBusy(null);
      onResolved();
    }
  };

  return { busy, notice, resolve };
};

export type ResolveFlow = ReturnType<typeof useResolveConflict>;
