import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { countOptions } from '@/lib/entity-api.ts';
import type { LinkKind } from './types.ts';

/** `GET /v1/{payment-link|card-add-link}/count` with the list's filters. */
export const linksCountQueryOptions: Record<LinkKind, ReturnType<typeof countOptions>> = {
  'payment-link': countOptions('payment-link'),
  'card-add-link': countOptions('card-add-link'),
};

export const useLinksCount = (kind: LinkKind, params: QueryParams, scope: string) =>
  useQuery(linksCountQueryOptions[kind](params, scope));
