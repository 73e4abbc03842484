import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { ApiKeyRow } from './types.ts';

/** `POST /v1/apikey/{id}/revoke`: the key stops working at once. */
export const revokeApiKey = (id: string) => apiPost<ApiKeyRow>(`apikey/${encodeURIComponent(id)}/revoke`);

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apikey'] }),
  });
};
