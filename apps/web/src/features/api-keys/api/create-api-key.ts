import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKeyCreate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { CreatedApiKey } from './types.ts';

/** `POST /v1/apikey`: the answer carries the key, the only time it is shown. */
export const createApiKey = (body: TApiKeyCreate) => apiPost<CreatedApiKey>('apikey', body);

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apikey'] }),
  });
};
