import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { named, withGenericPlan } from '../../query/prepared.ts';

/**
 * The count and volume of each source (rows with `count` and `volume` columns), in one statement:
 * a dashboard call that needs several sums (achievements: three figures over two weeks) takes one
 * connection and one round trip instead of one per sum. `volumeOf` sums the volume of only the
 * source's rows it holds for (the achievements' revenue: one currency and the revenue statuses,
 * of the rows whose count is every payment). Named (query/prepared.ts): its text is long and of a
 * few shapes (the range's edges at whole hours or not), parsed once per connection. `plan`
 * 'generic': planned once per connection without the values (query/prepared.ts), for callers whose
 * best plan does not depend on them.
 */
export const sumsOf = async (db: Queryable, sources: { source: Sql; volumeOf?: Sql }[], plan?: 'generic') => {
  const sums = sources.map(
    ({ source, volumeOf }, index) =>
      sql`(select coalesce(sum(s.count), 0)::bigint as ${sql.raw(`c${index}`)}, coalesce(sum(s.volume)${volumeOf ? sql` filter (where ${volumeOf})` : sql.empty}, 0)::numeric as ${sql.raw(`v${index}`)} from (${source}) s) ${sql.raw(`s${index}`)}`,
  );
  const statement = sql`select * from ${sql.join(sums, ', ')}`;
  const [row] = await db.query<Record<string, number>>(plan ? withGenericPlan(statement) : named(statement));
  return sources.map((_, index) => ({ count: Number(row[`c${index}`]), volume: Number(row[`v${index}`]) }));
};
