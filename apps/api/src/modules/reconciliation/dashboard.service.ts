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

/** The reconciliation dashboard: live files of the last 14 days, and the open exceptions by kind and age band. */
export const reconciliationDashboard = async (db: Db): Promise<z.infer<typeof ZReconciliationDashboard>> => {
  const rates = await matchRates(db);
  const open = await openExceptionsByAge(db);
  return {
    match_rate: rates.map((r) => ({ ...r, lines: Number(r.lines), matched: Number(r.matched) })),
    open_by_kind: open.map((r) => ({ ...r, count: Number(r.count), amount_difference: Number(r.amount_difference) })),
  };
};
