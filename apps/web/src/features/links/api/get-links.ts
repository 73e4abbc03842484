import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { listOptions } from '@/lib/entity-api.ts';
import type { LinkKind, LinkRow } from './types.ts';

const POPULATE = 'customer payment_profile';

/** `GET /v1/payment-link` and `GET /v1/card-add-link`: one page of the filtered list. */
export const linksQueryOptions: Record<LinkKind, ReturnType<typeof listOptions<LinkRow>>> = {
  'payment-link': listOptions<LinkRow>('payment-link', POPULATE),
  'card-add-link': listOptions<LinkRow>('card-add-link', POPULATE),
};

export const useLinks = (kind: LinkKind, params: QueryParams, scope: string) =>
  useQuery(linksQueryOptions[kind](params, scope));
