import { useQuery } from '@tanstack/react-query';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';
import type { SubscriptionRow } from './types.ts';

const POPULATE = 'customer plan payment_profile organisation subscription_discount';

/** `GET /v1/subscription`, `/count` and `/:id` with the spec's populate (payments.md §7). */
export const subscriptionsQueryOptions = listOptions<SubscriptionRow>('subscription', POPULATE);
export const subscriptionsCountQueryOptions = countOptions('subscription');
export const subscriptionQueryOptions = detailOptions<SubscriptionRow>('subscription', POPULATE);

export const useSubscription = (id: string, scope: string) => useQuery(subscriptionQueryOptions(id, scope));
