import type { TStatisticsQuery } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import {
  currencyOf,
  filterConditions,
  narrowed,
  readsRollups,
  rowsWhere,
  type Range,
} from './statistics.repository.ts';

type Best = { customer_id: string; count: number; volume: number };
type Candidate = Best & { bound: number };

// The first read is small (each candidate's exact sums read its transactions through the customer
// index: about 80 rows per candidate for the big demo merchant's best customers); each later one twice as large.
const FIRST_BATCH = 20;
const MAX_BATCH = 400;
// After this many candidates the bound is too loose to help (a short range): one grouped read of the range instead.
const MAX_CANDIDATES = 2_000;

const where = (conditions: Sql[]): Sql => (conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty);
const rank = (by: 'count' | 'volume') => (a: Best, b: Best) =>
  (by === 'volume' ? b.volume - a.volume || b.count - a.count : b.count - a.count || b.volume - a.volume) ||
  (a.customer_id < b.customer_id ? -1 : a.customer_id > b.customer_id ? 1 : 0);

/**
 * The customers with the most volume (or count) in a range, exactly as a grouped read of the range
 * would find them, read as a threshold algorithm: customers come in the order of their all-time
 * count or volume in the currency (customer_totals, an upper bound of any range's, as amounts are
 * never negative), each with its exact sums in the range through the customer index; once the
 * `limit`-th best exact value beats the bound of every customer not yet read, no one else can enter.
 */
export const bestCustomerIds = async (
  db: Queryable,
  scope: Scope,
  query: TStatisticsQuery,
  range: Range,
  limit: number,
  by: 'count' | 'volume',
  firstBatch = Math.max(FIRST_BATCH, 2 * limit),
): Promise<Best[]> => {
  const filters = narrowed(
    filterConditions(scope, query),
    sql`e.created_at >= ${new Date(range.lower)}`,
    sql`e.created_at <= ${new Date(range.upper)}`,
  );
  // The merchant and the currency narrow the candidates (customer_totals has no organisation: a
  // bound over all of them holds for one); every filter applies to the exact sums.
  const candidates = [
    sql`e.currency_code = ${currencyOf(query)}`,
    ...(scope.kind === 'merchant' ? [sql`e.merchant_id = ${scope.merchantId}`] : []),
  ];
  const order = by === 'volume' ? sql`e.volume desc` : sql`e.count desc`;
  const found: Best[] = [];
  // Users of a sub-organisation see few customers, test mode few rows (and customer_totals holds
  // live ones only): the grouped read is quick for them.
  for (
    let offset = 0, batchSize = firstBatch;
    scope.kind !== 'orgs' && readsRollups(filters) && offset < MAX_CANDIDATES;
    offset += batchSize, batchSize = Math.min(2 * batchSize, MAX_BATCH)
  ) {
    const batch = await db.query<Candidate>(sql`
      select c.customer_id, c.bound, x.count, x.volume
      from (select e.customer_id, ${sql.raw(by === 'volume' ? 'e.volume' : 'e.count')} as bound from customer_totals e ${where(candidates)}
        order by ${order}, e.customer_id limit ${batchSize} offset ${offset}) c
      cross join lateral (select count(*)::bigint as count, coalesce(sum(e.amount), 0)::numeric as volume
        from transaction e ${rowsWhere(filters, sql`e.customer_id = c.customer_id`)}) x
      order by c.bound desc, c.customer_id`);
    // A customer is counted once, with its sums over the whole scope.
    for (const row of batch) {
      if (row.count > 0 && !found.some((f) => f.customer_id === row.customer_id))
        found.push({ customer_id: row.customer_id, count: row.count, volume: row.volume });
    }
    found.sort(rank(by));
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return found.slice(0, limit);
    const kth = found[limit - 1];
    // Strictly above the next bound: a customer with an equal bound could still tie and win on id.
    if (kth && (by === 'volume' ? kth.volume : kth.count) > last.bound) return found.slice(0, limit);
  }
  return db.query<Best>(sql`
    select e.customer_id, count(*)::bigint as count, sum(e.amount)::numeric as volume
    from transaction e ${rowsWhere(filters, sql`e.customer_id is not null`)}
    group by 1 order by ${by === 'count' ? sql`2 desc, 3 desc` : sql`3 desc, 2 desc`}, 1 limit ${limit}`);
};
