import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import * as repo from './rfm.repository.ts';

export const RFM_QUEUE = 'customer.rfm';

/** Row `index` (0-based) of `count` rows in order: its tile of `tiles`, as SQL's ntile (the first tiles one larger). */
export const ntile = (tiles: number, count: number, index: number): number => {
  const size = Math.floor(count / tiles);
  const larger = count % tiles;
  const inLarger = (size + 1) * larger;
  return index < inLarger ? Math.floor(index / (size + 1)) + 1 : larger + Math.floor((index - inLarger) / size) + 1;
};

const segmentOf = (r: number, f: number, m: number, totalCount: number): string => {
  if (r >= 4 && f >= 4 && m >= 4) return 'champions';
  if (f >= 4 && r >= 3) return 'loyal';
  if (r >= 4 && totalCount === 1) return 'new';
  if (r >= 4) return 'potential_loyalists';
  if (r <= 2 && f >= 3) return 'at_risk';
  if (r <= 2) return 'hibernating';
  return 'need_attention';
};

type Main = Omit<repo.Score, 'segment' | 'r' | 'f' | 'm'> & { merchant_id: string; last_us: number | null };

/** Gives each of `rows` (ordered by `by`, then customer id) its tile within its group. */
const tiled = (
  rows: Main[],
  group: (row: Main) => string,
  by: (row: Main) => number,
  set: (id: string, tile: number) => void,
) => {
  const groups = new Map<string, Main[]>();
  for (const row of rows) {
    const key = group(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  for (const list of groups.values()) {
    list.sort((x, y) => by(x) - by(y) || (x.customer_id < y.customer_id ? -1 : x.customer_id > y.customer_id ? 1 : 0));
    list.forEach((row, index) => set(row.customer_id, ntile(5, list.length, index)));
  }
};

/**
 * Scores every customer with revenue in the last 12 whole months and the current one (from the
 * customer_monthly rollup, never the transactions) and stores the segment (docs/decisions.md):
 * R = quintile of the newest revenue transaction's time, F = quintile of their number, M = quintile
 * of their volume in the customer's main currency, each within the merchant (M within merchant and
 * currency), 5 best. Customers without revenue in the window are `new` when created in the last
 * 45 days, otherwise `hibernating`. Only changed rows are written.
 *
 * Read a page and written a batch at a time, in short statements: as one statement it held the
 * embedded engine's one connection, and with it every request, for seconds (npm run bench:jobs).
 */
export const computeRfm = async (
  db: Queryable,
  { page = 2000, batch = 200 } = {},
): Promise<{ scored: number; idle: number }> => {
  // Per customer, merchant and currency: the window's count, volume and newest revenue time.
  const groups = new Map<string, Main>();
  for (let after: repo.WindowRow | null = null; ;) {
    const rows = await repo.windowRows(db, after, page);
    for (const row of rows) {
      const key = `${row.customer_id}\u0000${row.merchant_id}\u0000${row.currency_code}`;
      const group = groups.get(key);
      if (!group)
        groups.set(key, {
          customer_id: row.customer_id,
          merchant_id: row.merchant_id,
          currency_code: row.currency_code,
          total_count: Number(row.count),
          volume: Number(row.volume),
          last_at: row.last_at,
          last_us: row.last_us === null ? null : Number(row.last_us),
        });
      else {
        group.total_count += Number(row.count);
        group.volume += Number(row.volume);
        if (row.last_us !== null && (group.last_us === null || Number(row.last_us) > group.last_us)) {
          group.last_at = row.last_at;
          group.last_us = Number(row.last_us);
        }
      }
    }
    if (rows.length < page) break;
    after = rows[rows.length - 1];
  }
  // Each customer's main currency (the largest volume, then the first code), counted over every currency.
  const mains = new Map<string, Main>();
  const totals = new Map<string, number>();
  for (const group of groups.values()) {
    if (group.total_count <= 0) continue;
    totals.set(group.customer_id, (totals.get(group.customer_id) ?? 0) + group.total_count);
    const main = mains.get(group.customer_id);
    if (
      !main ||
      group.volume > main.volume ||
      (group.volume === main.volume && group.currency_code < main.currency_code)
    )
      mains.set(group.customer_id, group);
  }
  const rows = [...mains.values()].map((main) => ({ ...main, total_count: totals.get(main.customer_id)! }));
  const r = new Map<string, number>();
  const f = new Map<string, number>();
  const m = new Map<string, number>();
  // Nulls last, as SQL orders them.
  tiled(
    rows,
    (row) => row.merchant_id,
    (row) => row.last_us ?? Number.MAX_SAFE_INTEGER,
    (id, t) => r.set(id, t),
  );
  tiled(
    rows,
    (row) => row.merchant_id,
    (row) => row.total_count,
    (id, t) => f.set(id, t),
  );
  tiled(
    rows,
    (row) => `${row.merchant_id}\u0000${row.currency_code}`,
    (row) => row.volume,
    (id, t) => m.set(id, t),
  );
  const scores: repo.Score[] = rows.map(({ merchant_id: _merchant, last_us: _us, ...row }) => {
    const [rs, fs, ms] = [r.get(row.customer_id)!, f.get(row.customer_id)!, m.get(row.customer_id)!];
    return { ...row, r: rs, f: fs, m: ms, segment: segmentOf(rs, fs, ms, row.total_count) };
  });
  let scored = 0;
  for (let start = 0; start < scores.length; start += batch)
    scored += (await repo.writeScores(db, scores.slice(start, start + batch))).length;
  let idle = 0;
  for (let after = ''; ;) {
    const upto = await repo.customerSliceEnd(db, after, batch * 4);
    if (upto === null) break;
    idle += (await repo.segmentIdleCustomers(db, after, upto)).length;
    after = upto;
  }
  return { scored, idle };
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
