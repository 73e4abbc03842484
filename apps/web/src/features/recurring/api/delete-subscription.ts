import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `DELETE /v1/subscription/{id}`: deletes one never billed, cancels any other running one. */
export const deleteSubscription = (id: string) =>
  apiRequest<{ id: string; result: 'deleted' | 'cancelled' }>('DELETE', `subscription/${encodeURIComponent(id)}`);

export const useDeleteSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription'] }),
  });
};
