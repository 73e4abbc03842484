import type { TStatusUpdateRow } from '@kassa/domain';

/** A status update as `GET /v1/statusupdate` answers it with `transaction refund organisation merchant`. */
export type StatusUpdateRow = TStatusUpdateRow;

export const STATUS_UPDATE_POPULATE = 'transaction refund organisation merchant';
export { populated } from '@/lib/entity-api.ts';
