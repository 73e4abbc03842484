import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { BillingRunResult } from './types.ts';

/** Development control `POST /v1/subscription/billing-run`, optionally at a simulated time. */
export const runBilling = (body: { now?: string | null; organisation?: string | null }) =>
  apiPost<BillingRunResult>('subscription/billing-run', body);

/** Runs billing and refreshes subscriptions and transactions, which it changes. */
export const useRunBilling = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBilling,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['subscription'] });
      await queryClient.invalidateQueries({ queryKey: ['transaction'] });
    },
  });
};
