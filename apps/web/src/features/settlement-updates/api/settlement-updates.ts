import type { TProcessorRow, TSettlementUpdateRow } from '@kassa/domain';

/** The processor settlement as a settlement update populates it (portal.md §3). */
export type ProcessorSettlementRef = TProcessorRow;

/** A settlement update as `GET /v1/settlementupdate` answers it with `processor_settlement`. */
export type SettlementUpdateRow = TSettlementUpdateRow;

export const SETTLEMENT_UPDATE_POPULATE = 'processor_settlement';
/** portal.md §9: the detail asks again every 15 s while it waits for the run. */
export const SETTLEMENT_POLL_MS = 15_000;
export { populated } from '@/lib/entity-api.ts';
