import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCacheEntry, TCacheName } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/cache/{name}/clear`. */
export const clearCache = (name: TCacheName) => apiPost<TCacheEntry>(`cache/${name}/clear`);

export const useClearCache = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCache,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cache'] }),
  });
};
