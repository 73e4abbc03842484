import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookCreate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { WebhookRow } from './types.ts';

/** `POST /v1/webhook`: sends a test event now; the answer holds the receiver's reply. */
export const sendTestWebhook = (body: TWebhookCreate) => apiPost<WebhookRow>('webhook', body);

export const useSendTestWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhook'] }),
  });
};
