import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { tmpdir } from 'node:os';
import { SETTLE_QUEUE, settleFile } from '../reconciliation/import.service.ts';
import { runAllSettlementImports, runSettlementImport } from '../reconciliation/run.service.ts';
import { SETTLEMENT_RUN_QUEUE } from './settlement-update.service.ts';

/** The schedule that imports every processor settlement's new reports from its `last`. */
export const SETTLEMENT_IMPORT_SCHEDULE_QUEUE = 'processor-settlement.schedule';
const SETTLEMENT_IMPORT_EVERY_SECONDS = 3600;

/**
 * `processor-settlement.import`: one run of a processor settlement's import from its `last`
 * (modules/reconciliation/run.service.ts): the acquirer's reports are imported and matched, the
 * run's outcome written on the settlement update, and `last_run` moved. Repeating it is harmless:
 * a file imported before changes nothing.
 */
export const registerSettlementUpdateJobs = (): void => {
  registerJobHandler(SETTLEMENT_RUN_QUEUE, async (payload, { db, log, config }) => {
    const outcome = await runSettlementImport(
      db,
      config.dataDir ?? tmpdir(),
      String(payload.processor_settlement_id),
      payload.settlement_update_id ? String(payload.settlement_update_id) : null,
    );
    if (!outcome) log.warn('Processor settlement no longer exists', { id: payload.processor_settlement_id });
  });
  // A file of more than one slice of payments: its payments settle after its import, slice by slice.
  registerJobHandler(SETTLE_QUEUE, async (payload, { db }) => {
    await settleFile(db, String(payload.file_id));
  });
  registerJobHandler(SETTLEMENT_IMPORT_SCHEDULE_QUEUE, async (_payload, { db, config }) =>
    runAllSettlementImports(db, config.dataDir ?? tmpdir()),
  );
  schedulePeriodic(SETTLEMENT_IMPORT_SCHEDULE_QUEUE, SETTLEMENT_IMPORT_EVERY_SECONDS);
};
