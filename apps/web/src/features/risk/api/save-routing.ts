import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoutingCreate, TRoutingUpdate } from '@kassa/domain';
import type { TChangeAccepted } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { changeNoteHeaders } from '@/lib/change-requests.ts';
import type { RoutingRow } from './types.ts';

/**
 * `POST /v1/routing` or `POST /v1/routing/{id}`; refreshes routings and their history. Under the
 * four-eyes policy the answer is a change request (202) and `note` says why.
 */
export const saveRouting = ({
  id,
  body,
  note,
}: {
  id?: string;
  body: TRoutingCreate | TRoutingUpdate;
  note?: string;
}) =>
  apiPost<RoutingRow | TChangeAccepted>(id ? `routing/${encodeURIComponent(id)}` : 'routing', body, {
    headers: changeNoteHeaders(note),
  });

export const useSaveRouting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRouting,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['routing'] }),
        queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
      ]),
  });
};
