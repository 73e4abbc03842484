import { registerJobHandler } from '../../jobs/handlers.ts';
import { markRun } from './settlement-update.repository.ts';
import { SETTLEMENT_RUN_QUEUE } from './settlement-update.service.ts';

/**
 * `processor-settlement.import`: one run of a processor settlement's import from its `last`. The sandbox
 * processors publish no settlement reports, so a run finds nothing new to import; what it does
 * is what the screen waits for, moving `last_run` to the time of the run. Repeating it is harmless.
 */
export const registerSettlementUpdateJobs = (): void => {
  registerJobHandler(SETTLEMENT_RUN_QUEUE, async (payload, { db, log }) => {
    const lastRun = await markRun(db, String(payload.processor_settlement_id));
    if (!lastRun) log.warn('Processor settlement no longer exists', { id: payload.processor_settlement_id });
  });
};
