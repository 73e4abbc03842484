import type { TStatusUpdateRow } from '@kassa/domain';

/** A status update as `GET /v1/statusupdate` answers it with `transaction refund organisation`. */
export type StatusUpdateRow = TStatusUpdateRow;

export const STATUS_UPDATE_POPULATE = 'transaction refund organisation';
export { populated } from '@/lib/entity-api.ts';
