import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import { CHARGEBACK_POPULATE } from './get-chargebacks.ts';
import type { ChargebackRow } from './types.ts';

/** `GET /v1/chargeback/:id` for the detail panel. */
export const chargebackQueryOptions = detailOptions<ChargebackRow>('chargeback', CHARGEBACK_POPULATE);

export const useChargeback = (id: string, scope: string) => useQuery(chargebackQueryOptions(id, scope));
