import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRefundCreateBody } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

export type CreatedRefund = { id: string; amount: number; status: string };

/** `POST /v1/refund` with an Idempotency-Key: the same key never refunds twice (SECURITY.md "Money"). */
export const createRefund = (body: TRefundCreateBody, idempotencyKey: string) =>
  apiPost<CreatedRefund>('refund', body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** Creates a refund, then refreshes every refunds list and the transaction it refunds. */
export const useCreateRefund = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TRefundCreateBody; idempotencyKey: string }) =>
      createRefund(body, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['refund'] }),
        queryClient.invalidateQueries({ queryKey: ['transaction'] }),
      ]),
  });
};
