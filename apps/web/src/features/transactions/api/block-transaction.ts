import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { TransactionRow } from './types.ts';

/** `POST /v1/transaction/:id/block`: marks a FAILED transaction blocked (payments.md §4). */
export const blockTransaction = (id: string) => apiPost<TransactionRow>(`transaction/${encodeURIComponent(id)}/block`);

/** Marks blocked, then refreshes every transactions list and detail (the blocked list changes too). */
export const useBlockTransaction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transaction'] }),
  });
};
