import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoutingCreate, TRoutingUpdate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { RoutingRow } from './types.ts';

/** `POST /v1/routing` or `POST /v1/routing/{id}`; refreshes routings and their history. */
export const saveRouting = ({ id, body }: { id?: string; body: TRoutingCreate | TRoutingUpdate }) =>
  apiPost<RoutingRow>(id ? `routing/${encodeURIComponent(id)}` : 'routing', body);

export const useSaveRouting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRouting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['routing'] }),
  });
};
