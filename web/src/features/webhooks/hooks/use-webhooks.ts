import type { Operation, RequestOf, ResponseOf } from '@ccsc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { loadedOf } from '../../../lib/query-state';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { webhookKeys } from '../api/keys';

/** The system and its endpoints (list-webhook-endpoints). */
export const useEndpoints = (systemId: string) =>
  loadedOf(
    useQuery({
      queryKey: webhookKeys.endpoints(systemId),
      queryFn: () => callApi('list-webhook-endpoints', { systemId }),
    }),
  );

/** An endpoint's deliveries, newest event first, a page at a time (list-webhook-deliveries). */
export const useDeliveries = (endpointId: string) =>
  useCursorPages(
    (id: string, cursor) => webhookKeys.deliveries(id, cursor),
    async (id: string, cursor) => {
      const answer = await callApi('list-webhook-deliveries', {
        endpointId: id,
        ...(cursor === undefined ? {} : { cursor }),
      });
      return { page: answer.deliveries, nextCursor: answer.nextCursor };
    },
    endpointId,
  );

type Write =
  | 'create-webhook-endpoint'
  | 'update-webhook-endpoint'
  | 'rotate-webhook-secret'
  | 'delete-webhook-endpoint'
  | 'redeliver-webhook';

/** A write of the webhook screen; once answered, the endpoints and the log are loaded again. */
export const useWebhookWrite = <Op extends Write & Operation>(operation: Op) => {
  const client = useQueryClient();
  return useMutation<ResponseOf<Op>, unknown, RequestOf<Op>>({
    mutationFn: (input) => callApi(operation, input),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
};
