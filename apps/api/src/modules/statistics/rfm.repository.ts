import { RFM_NEW_CUSTOMER_DAYS } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopeCondition } from '../../query/where.ts';

/**
 * Scores every customer with revenue in the window and writes the changed ones (see computeRfm).
 * A customer's count over every currency is a window sum over the grouped rows: it was a
 * subquery per row over the whole CTE, quadratic in the customers, and the hourly job ran for
 * more than 25 minutes on 113,000 scored customers (1,000,000 transactions) instead of one second.
 */
export const scoreCustomersStatement = () => sql`
    with per as (
      select m.customer_id, m.merchant_id, m.currency_code, sum(m.count)::bigint as count, sum(m.volume)::bigint as volume, max(m.last_at) as last_at,
        sum(sum(m.count)) over (partition by m.customer_id)::bigint as total_count
      from customer_monthly m where m.month >= (date_trunc('month', now() at time zone 'UTC') - interval '12 months')::date
      group by 1, 2, 3 having sum(m.count) > 0),
    main as (
      select distinct on (per.customer_id) per.*
      from per order by per.customer_id, per.volume desc, per.currency_code),
    scored as (
      select main.*,
        ntile(5) over (partition by main.merchant_id order by main.last_at, main.customer_id) as r,
        ntile(5) over (partition by main.merchant_id order by main.total_count, main.customer_id) as f,
        ntile(5) over (partition by main.merchant_id, main.currency_code order by main.volume, main.customer_id) as m
      from main),
    segmented as (
      select scored.*, case
        when r >= 4 and f >= 4 and m >= 4 then 'champions'
        when f >= 4 and r >= 3 then 'loyal'
        when r >= 4 and total_count = 1 then 'new'
        when r >= 4 then 'potential_loyalists'
        when r <= 2 and f >= 3 then 'at_risk'
        when r <= 2 then 'hibernating'
        else 'need_attention' end as segment
      from scored)
    update customer c set segment = s.segment, rfm_recency = s.r, rfm_frequency = s.f, rfm_monetary = s.m, rfm_last_at = s.last_at,
      rfm_count = s.total_count, rfm_volume = s.volume, rfm_currency_code = s.currency_code, rfm_updated_at = now()
    from segmented s where c.id = s.customer_id
      and (c.segment, c.rfm_recency, c.rfm_frequency, c.rfm_monetary, c.rfm_count, c.rfm_volume) is distinct from (s.segment, s.r::smallint, s.f::smallint, s.m::smallint, s.total_count::int, s.volume)
    returning c.id`;

export const scoreCustomers = (db: Queryable) => db.query<{ id: string }>(scoreCustomersStatement());

/** `new` or `hibernating` for customers without revenue in the window, written when changed. */
export const segmentIdleCustomers = (db: Queryable) =>
  db.query<{ id: string }>(sql`
    update customer c set segment = case when c.created_at > now() - make_interval(days => ${RFM_NEW_CUSTOMER_DAYS}) then 'new' else 'hibernating' end,
      rfm_recency = null, rfm_frequency = null, rfm_monetary = null, rfm_last_at = null, rfm_count = 0, rfm_volume = 0, rfm_currency_code = null, rfm_updated_at = now()
    where not exists (select 1 from customer_monthly m where m.customer_id = c.id and m.count > 0
        and m.month >= (date_trunc('month', now() at time zone 'UTC') - interval '12 months')::date)
      and (c.rfm_count is distinct from 0 or c.segment is distinct from case when c.created_at > now() - make_interval(days => ${RFM_NEW_CUSTOMER_DAYS}) then 'new' else 'hibernating' end)
    returning c.id`);

/** Customers per segment with their score sums, and the newest score time, in the actor's tenancy. */
export const segmentCounts = async (db: Queryable, scope: Scope, organisation?: string) => {
  const conditions = [
    scopeCondition(scope, 'merchant'),
    organisation
      ? sql`e.organisation_id in (select o.id from organisation o where o.path like (select p.path from organisation p where p.id = ${organisation}) || '%')`
      : null,
  ].filter((c): c is NonNullable<typeof c> => c !== null);
  const where = conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty;
  const mean = (sum: string, n: string) =>
    sql.raw(`case when sum(e.${n}) = 0 then null else round(sum(e.${sum})::numeric / sum(e.${n}), 1)::float end`);
  const [rows, [{ updated_at: updatedAt }]] = await Promise.all([
    db.query<{
      segment: string;
      count: number;
      recency: number | null;
      frequency: number | null;
      monetary: number | null;
    }>(sql`
      select e.segment, sum(e.count)::int as count, ${mean('recency_sum', 'recency_n')} as recency, ${mean('frequency_sum', 'frequency_n')} as frequency,
        ${mean('monetary_sum', 'monetary_n')} as monetary
      from customer_segment_count e ${where} group by 1 having sum(e.count) <> 0 order by 2 desc, 1`),
    db.query<{ updated_at: Date | null }>(sql`select max(e.rfm_updated_at) as updated_at from customer e ${where}`),
  ]);
  return { rows, updatedAt };
};
