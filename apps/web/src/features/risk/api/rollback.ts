import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/{routing|validationruleset}/{id}/rollback/{version}`; refreshes the item and its history. */
export const rollback = ({
  path,
  id,
  version,
}: {
  path: 'routing' | 'validationruleset';
  id: string;
  version: number;
}) => apiPost<unknown>(`${path}/${encodeURIComponent(id)}/rollback/${version}`);

export const useRollback = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollback,
    onSuccess: (_data, { path }) => queryClient.invalidateQueries({ queryKey: [path] }),
  });
};
