import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiRequest } from '@/lib/api-client.ts';
import type { SubscriptionRow } from './types.ts';

type Pair = { subscriptionId: string; discountId: string };
const path = ({ subscriptionId, discountId }: Pair, action: string) =>
  `subscription/${encodeURIComponent(subscriptionId)}/${action}/${encodeURIComponent(discountId)}`;

/** `POST {subscriptionId}/add-discount/{discountId}` (payments.md §7). */
export const addDiscount = (pair: Pair) => apiPost<SubscriptionRow>(path(pair, 'add-discount'));
/** `DELETE {subscriptionId}/remove-attached-discount/{discountId}` (payments.md §7). */
export const removeDiscount = (pair: Pair) =>
  apiRequest<SubscriptionRow>('DELETE', path(pair, 'remove-attached-discount'));

const useSubscriptionMutation = (mutationFn: (pair: Pair) => Promise<SubscriptionRow>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription'] }) });
};
export const useAddDiscount = () => useSubscriptionMutation(addDiscount);
export const useRemoveDiscount = () => useSubscriptionMutation(removeDiscount);
