import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import type { LinkKind, LinkRow } from './types.ts';

const options: Record<LinkKind, ReturnType<typeof detailOptions<LinkRow>>> = {
  'payment-link': detailOptions<LinkRow>('payment-link', 'customer payment_profile transaction'),
  'card-add-link': detailOptions<LinkRow>('card-add-link', 'customer payment_profile'),
};

/** `GET /v1/{kind}/:id` for the detail panel. */
export const linkQueryOptions = (kind: LinkKind, id: string, scope: string) => options[kind](id, scope);

export const useLink = (kind: LinkKind, id: string, scope: string) => useQuery(linkQueryOptions(kind, id, scope));
