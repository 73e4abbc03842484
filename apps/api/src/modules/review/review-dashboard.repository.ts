import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { scopedModedAnd } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

/**
 * Whether the merchant's own users may decide its held payments: the provider's switch in the
 * merchant configuration (on when none was saved). `scope` is a merchant or sub-organisation user's.
 */
export const merchantMayReview = async (q: Queryable, scope: Exclude<Scope, { kind: 'all' }>) => {
  const [row] = await q.query<{ allowed: boolean | null }>(sql`
    select (select c.review_by_merchant from merchant_configuration c where c.merchant_id = coalesce(o.merchant_id, o.id)) as allowed
    from organisation o where o.path = ${scope.orgPath}`);
  return row?.allowed ?? true;
};

/** The caller's tenancy and mode, narrowed to an organisation's subtree when one is named (a provider in a merchant's context). */
export const dashboardScope = (scope: Scope, organisation: string | undefined): Sql =>
  organisation
    ? sql`${scopedModedAnd(scope)} and e.organisation_id in (select o.id from organisation o
        where o.path like (select p.path from organisation p where p.id = ${organisation}) || '%')`
    : scopedModedAnd(scope);

/** The queue now: pending cases, those past their SLA, and when the oldest was held. */
export const queueNow = async (q: Queryable, scoped: Sql, now: Date) =>
  (
    await q.query<{ pending: number; overdue: number; oldest_pending_at: Date | null }>(sql`
    select count(*)::int as pending, count(*) filter (where e.sla_due_at < ${now})::int as overdue,
      min(e.created_at) as oldest_pending_at
    from review_case e where e.status = 'PENDING' ${scoped}`)
  )[0];

/** Decisions since `from` per reviewer (the expiry policy as its own row), with the average time to decide. */
export const decisionsPerReviewer = (q: Queryable, scoped: Sql, from: Date) =>
  q.query<{
    reviewer: string | null;
    name: string | null;
    via: 'reviewer' | 'policy';
    approved: number;
    declined: number;
    average_minutes: number | null;
  }>(sql`
    select e.decided_by as reviewer, u.name, e.decided_via as via,
      count(*) filter (where e.status = 'APPROVED')::int as approved,
      count(*) filter (where e.status = 'DECLINED')::int as declined,
      round(avg(extract(epoch from e.decided_at - e.created_at)) / 60)::float8 as average_minutes
    from review_case e left join app_user u on u.id = e.decided_by
    where e.decided_at >= ${from} ${scoped}
    group by e.decided_by, u.name, e.decided_via
    order by count(*) desc, u.name`);

/** Payments approved since `from`, and how many of them were charged back since: the label of a wrong approval. */
export const approvedFared = async (q: Queryable, scoped: Sql, from: Date) =>
  (
    await q.query<{ approved: number; charged_back: number }>(sql`
    select count(*)::int as approved,
      count(*) filter (where exists (select 1 from chargeback c where c.transaction_id = e.transaction_id))::int as charged_back
    from review_case e where e.status = 'APPROVED' and e.decided_at >= ${from} ${scoped}`)
  )[0];
