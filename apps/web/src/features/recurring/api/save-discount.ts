import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubscriptionDiscountCreate, TSubscriptionDiscountUpdate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { DiscountRow } from './types.ts';

/** `POST /v1/subscription-discount[/{id}]`; refreshes the discount lists. */
export const saveDiscount = ({
  id,
  body,
}: {
  id?: string;
  body: TSubscriptionDiscountCreate | TSubscriptionDiscountUpdate;
}) => apiPost<DiscountRow>(id ? `subscription-discount/${encodeURIComponent(id)}` : 'subscription-discount', body);

export const useSaveDiscount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription-discount'] }),
  });
};
