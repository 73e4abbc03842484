import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { WebhookRow } from './types.ts';

/** `POST /v1/webhook/:id/resend`: one more attempt now, added to the history. */
export const resendWebhook = (id: string) => apiPost<WebhookRow>(`webhook/${encodeURIComponent(id)}/resend`);

export const useResendWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhook'] }),
  });
};
