import {
  type CatalogueIndex,
  type CatalogueVersion,
  indexCatalogue,
} from '@ccsc/contract/standard-rows';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api';

const loaded = new Map<CatalogueVersion, Promise<CatalogueIndex>>();

/**
 * The TMF Reference Model catalogue a standard targets (artifact/catalogue), indexed; fetched
 * once per version and kept for the page's life (it never changes). Through the API rather than
 * by importing @ccsc/contract/tmf-catalogue, whose data would weigh on the screens' chunk.
 */
export const loadCatalogue = (version: CatalogueVersion): Promise<CatalogueIndex> => {
  let catalogue = loaded.get(version);
  if (catalogue === undefined) {
    catalogue = callApi('artifact/catalogue', { version }).then(
      (answer) => indexCatalogue(answer.catalogue),
      (err: unknown) => {
        loaded.delete(version); // a later attempt may succeed
        throw err;
      },
    );
    loaded.set(version, catalogue);
  }
  return catalogue;
};

type State =
  | { version: CatalogueVersion; index: CatalogueIndex }
  | { version: CatalogueVersion; error: unknown };

/** The catalogue of a version (null while it loads, or for a null version), and a retry. */
export const useCatalogue = (version: CatalogueVersion | null) => {
  const [state, setState] = useState<State | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (version === null) return;
    let current = true;
    loadCatalogue(version).then(
      (index) => {
        if (current) setState({ version, index });
      },
      (error: unknown) => {
        if (current) setState({ version, error });
      },
    );
    return () => {
      current = false;
    };
  }, [version, attempt]);
  const ours = state !== null && state.version === version ? state : null;
  return {
    index: ours !== null && 'index' in ours ? ours.index : null,
    error: ours !== null && 'error' in ours ? ours.error : null,
    retry: () => {
      setAttempt((n) => n + 1);
    },
  };
};
