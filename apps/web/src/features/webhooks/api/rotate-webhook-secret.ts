import { useMutation } from '@tanstack/react-query';
import type { TWebhookSecret, TWebhookSecretRotate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/webhook/secret`: a new signing secret for a URL, shown once. */
export const rotateWebhookSecret = (body: TWebhookSecretRotate) => apiPost<TWebhookSecret>('webhook/secret', body);

export const useRotateWebhookSecret = () => useMutation({ mutationFn: rotateWebhookSecret });
