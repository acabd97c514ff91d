import type { RequestOf } from '@ccsc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { standardKeys } from '../api/keys';
import { type Clones, loadClones } from '../components/clone-picker';

/**
 * The versions a new standard may copy: loaded once a copy is the source chosen (`wanted`), and
 * kept after; null before. Try again refetches.
 */
export const useClones = (wanted: boolean) => {
  const query = useQuery({ queryKey: standardKeys.clones(), queryFn: loadClones, enabled: wanted });
  const clones: Clones | null =
    query.data !== undefined
      ? { state: 'loaded', standards: query.data }
      : query.isFetching
        ? { state: 'loading' }
        : query.isError
          ? { state: 'failed' }
          : null;
  return {
    clones,
    retry: () => {
      void query.refetch();
    },
  };
};

/** Creates a standard (artifact/create-standard): it is then in the lists and among the copies. */
export const useCreateStandard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<'artifact/create-standard'>) =>
      callApi('artifact/create-standard', request),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: standardKeys.lists() });
      void client.invalidateQueries({ queryKey: standardKeys.clones() });
    },
  });
};
