import { useQuery } from '@tanstack/react-query';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';
import type { DiscountRow } from './types.ts';

/** `GET /v1/subscription-discount`, `/count` and `/:id` (populate organisation, payments.md §7). */
export const discountsQueryOptions = listOptions<DiscountRow>('subscription-discount', 'organisation');
export const discountsCountQueryOptions = countOptions('subscription-discount');
export const discountQueryOptions = detailOptions<DiscountRow>('subscription-discount', 'organisation');

export const useAllDiscounts = (scope: string) =>
  useQuery(discountsQueryOptions({ _limit: 500, _sort: 'name' }, scope));
export const useDiscount = (id: string, scope: string) => useQuery(discountQueryOptions(id, scope));
