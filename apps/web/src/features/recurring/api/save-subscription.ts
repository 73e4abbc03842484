import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubscriptionCreate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { SubscriptionRow } from './types.ts';

/** `POST /v1/subscription`: the create form sends all of it (payments.md §7). */
export const createSubscription = (body: TSubscriptionCreate) => apiPost<SubscriptionRow>('subscription', body);

/** `POST /v1/subscription/{id}` with only id and max_billing_cycle (payments.md §7). */
export const updateSubscription = ({ id, maxBillingCycle }: { id: string; maxBillingCycle: number | null }) =>
  apiPost<SubscriptionRow>(`subscription/${encodeURIComponent(id)}`, { id, max_billing_cycle: maxBillingCycle });

export const useCreateSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription'] }),
  });
};

export const useUpdateSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription'] }),
  });
};
