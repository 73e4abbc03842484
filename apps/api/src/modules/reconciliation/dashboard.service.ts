import type { TReconciliationDashboard } from '@kassa/domain';
import type { Db } from '../../plugins/db/index.ts';
import { matchRates, openExceptionsByAge } from './reconciliation.repository.ts';

/**
 * The reconciliation dashboard: live files of the last 14 days (match rate and fee deviation per
 * processor settlement and day), and the open exceptions by kind and age band. Two aggregates:
 * files' totals and exceptions grouped, no line scanned.
 */
export const reconciliationDashboard = async (db: Db): Promise<TReconciliationDashboard> => {
  const rates = await matchRates(db);
  const open = await openExceptionsByAge(db);
  return {
    match_rate: rates.map((r) => {
      const lines = Number(r.lines);
      const matched = Number(r.matched);
      const expectedFee = Number(r.expected_fee);
      const actualFee = Number(r.actual_fee);
      return {
        processor_settlement: r.processor_settlement,
        name: r.name,
        day: r.day,
        lines,
        matched,
        rate: lines === 0 ? 1 : matched / lines,
        expected_fee: expectedFee,
        actual_fee: actualFee,
        fee_deviation: actualFee - expectedFee,
      };
    }),
    open_by_kind: open.map((r) => ({ ...r, count: Number(r.count), amount_difference: Number(r.amount_difference) })),
  };
};
