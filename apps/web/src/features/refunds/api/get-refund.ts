import { detailScreens } from '@kassa/domain';
import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import type { RefundRow } from './types.ts';

/** `GET /v1/refund/:id` for the detail panel. */
export const refundQueryOptions = detailOptions<RefundRow>(detailScreens.refund.path, detailScreens.refund.populate);

export const useRefund = (id: string, scope: string) => useQuery(refundQueryOptions(id, scope));
