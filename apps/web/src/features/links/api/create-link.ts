import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCardAddLinkCreateBody, TPaymentLinkCreateBody } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { LinkKind, LinkRow } from './types.ts';

export type CreateLinkRequest =
  | { kind: 'payment-link'; body: TPaymentLinkCreateBody; idempotencyKey: string }
  | { kind: 'card-add-link'; body: TCardAddLinkCreateBody; idempotencyKey: string };

/** `POST /v1/payment-link` or `POST /v1/card-add-link` with an Idempotency-Key. */
export const createLink = ({ kind, body, idempotencyKey }: CreateLinkRequest) =>
  apiPost<LinkRow>(kind, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** Creates a link, then refreshes the lists of that kind. */
export const useCreateLink = (kind: LinkKind) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: [kind] }) });
};
