import type { TChargebackRow, TTransaction } from '@kassa/domain';

/** A chargeback as `GET /v1/chargeback` answers it with `transaction payment_profile processor`. */
export type ChargebackRow = TChargebackRow;
export type ChargebackTransaction = TTransaction;

export { populated } from '@/lib/entity-api.ts';
