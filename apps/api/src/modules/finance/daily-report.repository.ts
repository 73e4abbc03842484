import type { TDailyReportRow } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { liveRollupCondition, scopeCondition } from '../../query/where.ts';
import { CAPTURED_STATUSES } from './settlement.repository.ts';

/**
 * Transactions per UTC day from the daily rollup, within the actor's scope (and an organisation's
 * subtree when given): all attempts, and the captured ones with their volume.
 */
export const dailyReport = (
  db: Queryable,
  scope: Scope,
  range: { from: string; to: string },
  organisation: string | undefined,
) => {
  const scoped = liveRollupCondition(scope) ?? scopeCondition(scope, 'merchant');
  return db.query<TDailyReportRow>(sql`select to_char(e.day, 'YYYY-MM-DD') as day, e.currency_code, sum(e.count)::bigint as count,
      coalesce(sum(e.count) filter (where e.status = any(${[...CAPTURED_STATUSES]})), 0)::bigint as captured_count,
      coalesce(sum(e.volume) filter (where e.status = any(${[...CAPTURED_STATUSES]})), 0)::numeric as captured_volume
    from transaction_daily e
    where e.day between ${range.from}::date and ${range.to}::date ${scoped ? sql`and ${scoped}` : sql.empty}
      ${organisation ? sql`and e.organisation_id in (select o.id from organisation o where o.path like (select p.path || '%' from organisation p where p.id = ${organisation}))` : sql.empty}
    group by e.day, e.currency_code order by e.day desc, e.currency_code`);
};
