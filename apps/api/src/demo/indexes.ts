import { sql, type Queryable } from '../plugins/db/index.ts';

/**
 * Runs a bulk load with the tables' secondary indexes dropped and rebuilds them afterwards from
 * their own definitions: building an index once is far cheaper than maintaining it row by row.
 * Inside a transaction, so the tables are never seen without their indexes.
 */
export const withIndexesDeferred = async <T>(
  db: Queryable,
  tables: readonly string[],
  work: () => Promise<T>,
): Promise<T> => {
  const indexes = await db.query<{ name: string; definition: string }>(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname and c.relnamespace = (select oid from pg_namespace where nspname = i.schemaname)
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename = any(${[...tables]}::text[])
      and not x.indisprimary and not x.indisunique`);
  for (const index of indexes) await db.exec(`drop index "${index.name}"`);
  const result = await work();
  for (const index of indexes) await db.exec(index.definition);
  return result;
};
