import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export type RiskPath = 'routing' | 'validationruleset' | 'tag';

/** `DELETE /v1/{routing|validationruleset|tag}/{id}`; refreshes that list. */
export const deleteItem = ({ path, id }: { path: RiskPath; id: string }) =>
  apiRequest<void>('DELETE', `${path}/${encodeURIComponent(id)}`);

export const useDeleteItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_data, { path }) => queryClient.invalidateQueries({ queryKey: [path] }),
  });
};
