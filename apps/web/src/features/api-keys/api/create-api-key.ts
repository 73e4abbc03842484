import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKeyCreate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { changeNoteHeaders } from '@/lib/change-requests.ts';
import type { CreatedApiKey } from './types.ts';

/**
 * `POST /v1/apikey`: the answer carries the key, the only time it is shown. Under the four-eyes
 * policy `note` says why, and the key works once its `change_request` is approved.
 */
export const createApiKey = ({ body, note }: { body: TApiKeyCreate; note?: string }) =>
  apiPost<CreatedApiKey>('apikey', body, { headers: changeNoteHeaders(note) });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['apikey'] }),
        queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
      ]),
  });
};
