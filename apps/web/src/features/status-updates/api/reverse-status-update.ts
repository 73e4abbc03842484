import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { StatusUpdateRow } from './status-updates.ts';

/** `POST /v1/statusupdate/:id/reverse`: restores the item's previous state exactly. */
export const reverseStatusUpdate = (id: string) =>
  apiPost<StatusUpdateRow>(`statusupdate/${encodeURIComponent(id)}/reverse`);

export const useReverseStatusUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseStatusUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['statusupdate'] }),
  });
};
