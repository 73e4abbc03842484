import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStatusUpdateCreate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { StatusUpdateRow } from './status-updates.ts';

/** `POST /v1/statusupdate`: the id goes under `transaction` or `refund` according to the type (portal.md §7). */
export const createStatusUpdate = (body: TStatusUpdateCreate) => apiPost<StatusUpdateRow>('statusupdate', body);

export const useCreateStatusUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStatusUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['statusupdate'] }),
  });
};
