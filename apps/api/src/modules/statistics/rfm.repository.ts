import { RFM_NEW_CUSTOMER_DAYS } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopeCondition } from '../../query/where.ts';
import { modeOf } from '../../query/scope.ts';

/** The first month of the scoring window: the 12 whole months before the current one, and it. */
const windowStart = sql`(date_trunc('month', now() at time zone 'UTC') - interval '12 months')::date`;

export type WindowRow = {
  customer_id: string;
  month: string;
  currency_code: string;
  merchant_id: string;
  count: number;
  volume: number;
  /** As the database prints it (written back exactly), and in microseconds (ordered exactly). */
  last_at: string | null;
  last_us: number | null;
};

/**
 * One page of the window's customer_monthly rows, in primary-key order after `after`: short
 * statements, so the hourly scoring never holds the embedded engine's one connection for long.
 */
export const windowRows = (db: Queryable, after: WindowRow | null, limit: number) =>
  db.query<WindowRow>(sql`
    select customer_id, month::text as month, currency_code, merchant_id, count, volume, last_at::text as last_at,
      (extract(epoch from last_at) * 1000000)::bigint as last_us from customer_monthly
    where month >= ${windowStart}
      ${after ? sql`and (customer_id, month, currency_code) > (${after.customer_id}, ${after.month}::date, ${after.currency_code})` : sql.empty}
    order by customer_id, month, currency_code limit ${limit}`);

export type Score = {
  customer_id: string;
  segment: string;
  r: number;
  f: number;
  m: number;
  last_at: string | null;
  total_count: number;
  volume: number;
  currency_code: string;
};

/** Writes the scores that differ from what the customers have; answers the ids written. */
export const writeScores = (db: Queryable, scores: Score[]) =>
  db.query<{ id: string }>(sql`
    update customer c set segment = s.segment, rfm_recency = s.r, rfm_frequency = s.f, rfm_monetary = s.m, rfm_last_at = s.last_at,
      rfm_count = s.total_count, rfm_volume = s.volume, rfm_currency_code = s.currency_code, rfm_updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as s(customer_id text, segment text, r smallint, f smallint,
      m smallint, last_at timestamptz, total_count int, volume bigint, currency_code text)
    where c.id = s.customer_id
      and (c.segment, c.rfm_recency, c.rfm_frequency, c.rfm_monetary, c.rfm_count, c.rfm_volume) is distinct from (s.segment, s.r, s.f, s.m, s.total_count, s.volume)
    returning c.id`);

/** The id ending the next `size` customers after `after` (null when none are left): the idle pass's slices. */
export const customerSliceEnd = async (db: Queryable, after: string, size: number) =>
  (
    await db.query<{ upto: string | null }>(
      sql`select max(id) as upto from (select id from customer where id > ${after} order by id limit ${size}) slice`,
    )
  )[0].upto;

/** `new` or `hibernating` for the customers in (after, upto] without revenue in the window, written when changed. */
export const segmentIdleCustomers = (db: Queryable, after: string, upto: string) =>
  db.query<{ id: string }>(sql`
    update customer c set segment = case when c.created_at > now() - make_interval(days => ${RFM_NEW_CUSTOMER_DAYS}) then 'new' else 'hibernating' end,
      rfm_recency = null, rfm_frequency = null, rfm_monetary = null, rfm_last_at = null, rfm_count = 0, rfm_volume = 0, rfm_currency_code = null, rfm_updated_at = now()
    where c.id > ${after} and c.id <= ${upto}
      and not exists (select 1 from customer_monthly m where m.customer_id = c.id and m.count > 0 and m.month >= ${windowStart})
      and (c.rfm_count is distinct from 0 or c.segment is distinct from case when c.created_at > now() - make_interval(days => ${RFM_NEW_CUSTOMER_DAYS}) then 'new' else 'hibernating' end)
    returning c.id`);

/**
 * Customers per segment with their score sums, and the newest score time, in the actor's tenancy:
 * from customer_segment_count, which holds live customers only; in test mode from the (few) test
 * customers themselves.
 */
export const segmentCounts = async (db: Queryable, scope: Scope, organisation?: string) => {
  const conditions = [
    scopeCondition(scope, 'merchant'),
    organisation
      ? sql`e.organisation_id in (select o.id from organisation o where o.path like (select p.path from organisation p where p.id = ${organisation}) || '%')`
      : null,
  ].filter((c): c is NonNullable<typeof c> => c !== null);
  const where = conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty;
  const ofMode = sql`where ${sql.join([modeOf(scope) === 'test' ? sql`e.mode = 'test'` : sql`e.mode = 'live'`, ...conditions], ' and ')}`;
  const mean = (sum: string, n: string) =>
    sql.raw(`case when sum(e.${n}) = 0 then null else round(sum(e.${sum})::numeric / sum(e.${n}), 1)::float end`);
  // The same means over the customers themselves: over those that have the score.
  const average = (score: string) =>
    sql.raw(`case when count(e.${score}) = 0 then null else round(avg(e.${score})::numeric, 1)::float end`);
  const perSegment =
    modeOf(scope) === 'live'
      ? sql`
      select e.segment, sum(e.count)::int as count, ${mean('recency_sum', 'recency_n')} as recency, ${mean('frequency_sum', 'frequency_n')} as frequency,
        ${mean('monetary_sum', 'monetary_n')} as monetary
      from customer_segment_count e ${where} group by 1 having sum(e.count) <> 0 order by 2 desc, 1`
      : sql`
      select coalesce(e.segment, 'none') as segment, count(*)::int as count, ${average('rfm_recency')} as recency,
        ${average('rfm_frequency')} as frequency, ${average('rfm_monetary')} as monetary
      from customer e ${ofMode} group by 1 order by 2 desc, 1`;
  const [rows, [{ updated_at: updatedAt }]] = await Promise.all([
    db.query<{
      segment: string;
      count: number;
      recency: number | null;
      frequency: number | null;
      monetary: number | null;
    }>(perSegment),
    db.query<{ updated_at: Date | null }>(sql`select max(e.rfm_updated_at) as updated_at from customer e ${ofMode}`),
  ]);
  return { rows, updatedAt };
};
