import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import * as repo from './rfm.repository.ts';

export const RFM_QUEUE = 'customer.rfm';

/**
 * Scores every customer with revenue in the last 12 whole months and the current one (from the
 * customer_monthly rollup, never the transactions) and stores the segment (docs/decisions.md):
 * R = quintile of the newest revenue transaction's time, F = quintile of their number, M = quintile
 * of their volume in the customer's main currency, each within the merchant (M within merchant and
 * currency), 5 best. Customers without revenue in the window are `new` when created in the last
 * 45 days, otherwise `hibernating`. Only changed rows are written.
 */
export const computeRfm = async (db: Queryable): Promise<{ scored: number; idle: number }> => {
  const scored = await repo.scoreCustomers(db);
  const idle = await repo.segmentIdleCustomers(db);
  return { scored: scored.length, idle: idle.length };
};

/**
 * Customers per segment with the mean scores behind it, for the actor's tenancy: from
 * customer_segment_count (counts and score sums kept by triggers), and the newest score time in
 * scope read backwards through customer_rfm_updated_idx. `updated_at` is that time on every row.
 */
export const rfmSegments = async (db: Queryable, scope: Scope, organisation?: string) => {
  const { rows, updatedAt } = await repo.segmentCounts(db, scope, organisation);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return rows.map((row) => ({
    segment: row.segment,
    count: row.count,
    percentage: total === 0 ? 0 : Math.round((row.count / total) * 10_000) / 100,
    recency: row.recency,
    frequency: row.frequency,
    monetary: row.monetary,
    updated_at: updatedAt ? new Date(updatedAt).toISOString() : null,
  }));
};

export const registerRfmJobs = (): void => {
  registerJobHandler(RFM_QUEUE, async (_payload, ctx) => {
    await computeRfm(ctx.db);
  });
  // Hourly: recency moves with time even when nothing is bought.
  schedulePeriodic(RFM_QUEUE, 3600);
};
