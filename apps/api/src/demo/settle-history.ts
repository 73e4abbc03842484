import { advanceSettlementLifecycle } from '../modules/payments/settlement-lifecycle.job.ts';
import { sql, type Db } from '../plugins/db/index.ts';

/**
 * The demo's payments sent for settlement before its settlement importers' first report: a year of
 * subscription charges the billing engine replayed (demo/recurring.ts). The acquirer settled them
 * long before Kassa read its reports, as the generator's own history is settled, so the timer
 * settles them here; only the payments of the days the first report covers (sent for settlement
 * the day before `last`, and after) wait for a settlement file. Without this they stayed
 * SETTLEMENT_REQUESTED and became hundreds of `missing_payment` exceptions no file could explain.
 */
export const settleDemoHistory = async (db: Db, now: Date = new Date()): Promise<number> => {
  const [row] = await db.query<{ first_report: Date | null }>(
    sql`select min(last) - interval '1 day' as first_report from processor where type = 'processorsettlement' and active`,
  );
  return advanceSettlementLifecycle(db, now, 500, 100, {
    historyBefore: row?.first_report ? new Date(row.first_report) : undefined,
  });
};
