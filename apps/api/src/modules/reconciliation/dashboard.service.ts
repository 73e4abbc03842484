import { z } from 'zod';
import type { Db } from '../../plugins/db/index.ts';
import { matchRates, openExceptionsByAge } from './reconciliation.repository.ts';

export const ZReconciliationDashboard = z.object({
  match_rate: z.array(
    z.object({
      processor_settlement: z.string(),
      name: z.string(),
      day: z.string(),
      lines: z.number().int(),
      matched: z.number().int(),
      /** Matched lines per line, 0–1 (1 for a day without lines). */
      rate: z.number(),
      /** The acquirer's fees on the day's reported payments: the cost scheme's, the files', and actual − expected (what the margin lost). */
      expected_fee: z.number().int(),
      actual_fee: z.number().int(),
      fee_deviation: z.number().int(),
    }),
  ),
  open_by_kind: z.array(
    z.object({
      kind: z.string(),
      age: z.enum(['0-2', '3-7', '8-30', '31+']),
      count: z.number().int(),
      amount_difference: z.number().int(),
    }),
  ),
});

/**
 * The reconciliation dashboard: live files of the last 14 days (match rate and fee deviation per
 * processor settlement and day), and the open exceptions by kind and age band. Two aggregates:
 * files' totals and exceptions grouped, no line scanned.
 */
export const reconciliationDashboard = async (db: Db): Promise<z.infer<typeof ZReconciliationDashboard>> => {
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
