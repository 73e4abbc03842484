import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `DELETE /v1/subscription-discount/{id}`; refused (409) while active on a running subscription. */
export const deleteDiscount = (id: string) =>
  apiRequest<void>('DELETE', `subscription-discount/${encodeURIComponent(id)}`);

export const useDeleteDiscount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription-discount'] }),
  });
};
