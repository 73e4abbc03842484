import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { rowsWhere, type Filters } from './statistics.repository.ts';

/**
 * The decided chargebacks (WON, LOST) of a range, by when they were decided (`resolved_at`; for
 * chargebacks decided before that column existed, their last change), as a derived table `d`; `filters` are the statistics' filters on alias `e` (tenancy, the
 * request's mode, organisation, currency).
 */
export const decidedDisputes = (filters: Filters, lower: Date, upper: Date): Sql =>
  sql`(select e.id, e.status, e.reason_code, e.amount, e.response_outcome, coalesce(e.resolved_at, e.updated_at) as resolved_at
    from chargeback e ${rowsWhere(
      filters,
      sql`e.status in ('WON', 'LOST')`,
      sql`coalesce(e.resolved_at, e.updated_at) >= ${lower}`,
      sql`coalesce(e.resolved_at, e.updated_at) <= ${upper}`,
    )}) d`;

type WinRow = { decided: number; won: number };

export const winsByReasonCode = (q: Queryable, source: Sql) =>
  q.query<WinRow & { reason_code: string | null }>(sql`select d.reason_code, count(*)::int as decided,
    count(*) filter (where d.status = 'WON')::int as won
    from ${source} group by d.reason_code order by count(*) desc, d.reason_code`);

/**
 * Per evidence kind with a file in a submitted dispute (a dispute with files of two kinds counts
 * for both); `none` for a response without files, `accepted`, `expired`, and `not_answered` for
 * chargebacks from before the workflow (decided by the acquirer's timer).
 */
export const winsByEvidence = (q: Queryable, source: Sql) =>
  q.query<WinRow & { evidence: string }>(sql`select k.evidence, count(*)::int as decided,
    count(*) filter (where d.status = 'WON')::int as won
    from ${source} cross join lateral (
      select coalesce(ev.kind, 'other') as evidence from dispute_evidence ev
        where ev.chargeback_id = d.id and d.response_outcome = 'submitted' group by coalesce(ev.kind, 'other')
      union all
      select case when d.response_outcome = 'submitted' then 'none' else coalesce(d.response_outcome, 'not_answered') end
        where not exists (select 1 from dispute_evidence ev where ev.chargeback_id = d.id and d.response_outcome = 'submitted')
    ) k group by k.evidence order by count(*) desc, k.evidence`);

/** Won and lost per local month (the user's time zone) of the decision, with their amounts. */
export const wonLostPerMonth = (q: Queryable, source: Sql, zone: string) =>
  q.query<{ month: string; won: number; lost: number; won_amount: number; lost_amount: number }>(sql`
    select to_char(d.resolved_at at time zone ${zone}, 'YYYY-MM') as month,
      count(*) filter (where d.status = 'WON')::int as won, count(*) filter (where d.status = 'LOST')::int as lost,
      coalesce(sum(d.amount::float8) filter (where d.status = 'WON'), 0)::float8 as won_amount,
      coalesce(sum(d.amount::float8) filter (where d.status = 'LOST'), 0)::float8 as lost_amount
    from ${source} group by 1 order by 1`);
