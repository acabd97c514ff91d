import type { Connection } from '@ccsc/contract';
import type { ConnectionAction } from '@ccsc/contract/registry-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { STEP_OPERATION } from '../utils/connection-steps';
import { registryKeys } from './keys';

export interface StepRequest {
  connection: Connection;
  action: ConnectionAction;
  /** The site's system, for Accept. */
  siteSystemId: string;
  /** The reason as typed ('' or blanks: none). */
  reason: string;
}

/**
 * A step on a connection (accept, decline, suspend, resume, end): the connection as it is now.
 * Taken, every connection list and the two organisations' pages that show it are stale; the
 * connections screen loads the page it shows itself, so that nothing else is fetched meanwhile.
 */
export const useConnectionStepMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ connection, action, siteSystemId, reason }: StepRequest) => {
      const step = { connectionId: connection.connectionId, revision: connection.revision };
      const trimmed = reason.trim();
      const answer =
        action === 'accept'
          ? await callApi('accept-connection', { ...step, siteSystemId })
          : await callApi(STEP_OPERATION[action], {
              ...step,
              ...(trimmed === '' ? {} : { reason: trimmed }),
            });
      return answer.connection;
    },
    onSuccess: (_, { connection }) => {
      const stale = [
        registryKeys.connections(),
        registryKeys.organisation(connection.sponsorOrganisationId),
        registryKeys.organisation(connection.siteOrganisationId),
      ];
      for (const queryKey of stale) {
        void client.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
};
