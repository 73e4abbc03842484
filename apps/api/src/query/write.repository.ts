import { sql, type Queryable, type Sql } from '../plugins/db/index.ts';

/**
 * Row writes for the config tables whose bodies map column for column: the SQL lives here, the
 * services that call these name the table and decide the values. Column names come from code,
 * never from a request.
 */

/** `insert into <table> (cols) values (…)`. */
export const insertRow = (db: Queryable, table: string, values: Record<string, unknown>) => {
  const columns = Object.keys(values);
  return db.query(
    sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) values (${sql.join(
      columns.map((column) => sql`${values[column]}`),
      ', ',
    )})`,
  );
};

/** `update <table> set col = …, updated_at = now() where id = …`. */
export const updateRow = (db: Queryable, table: string, id: string, values: Record<string, unknown>) => {
  const sets = Object.keys(values).map((column) => sql`${sql.raw(column)} = ${values[column]}`);
  return db.query(
    sql`update ${sql.raw(table)} set ${sql.join([...sets, sql`updated_at = now()`], ', ')} where id = ${id}`,
  );
};

/** `delete from <table> where id = …`. */
export const deleteRow = (db: Queryable, table: string, id: string) =>
  db.query(sql`delete from ${sql.raw(table)} where id = ${id}`);

/** `update <table> set deleted_at = now()`: rows others still name (plans, discounts) stay readable to their history. */
export const softDeleteRow = (db: Queryable, table: string, id: string) =>
  db.query(sql`update ${sql.raw(table)} set deleted_at = now(), updated_at = now() where id = ${id}`);

/** The row `id` of `table` the conditions (alias `e`) let through, locked until the transaction ends. */
export const lockRow = async (db: Queryable, table: string, id: string, conditions: Sql[]) =>
  (
    await db.query<Record<string, unknown>>(
      sql`select e.* from ${sql.raw(table)} e where ${sql.join([sql`e.id = ${id}`, ...conditions], ' and ')} for update`,
    )
  )[0];

/** Those of `ids` that a read of `table` under the conditions (alias `e`) finds. */
export const findIds = async (db: Queryable, table: string, ids: string[], conditions: Sql[]) =>
  (
    await db.query<{ id: string }>(
      sql`select e.id from ${sql.raw(table)} e where ${sql.join([sql`e.id = any(${ids})`, ...conditions], ' and ')}`,
    )
  ).map((row) => row.id);

export type OrganisationRef = { id: string; type: string; path: string; merchant_id: string | null };

/** An organisation by id, only inside the subtree at `path` (undefined otherwise). */
export const findOrganisationInSubtree = async (db: Queryable, id: string, path: string) =>
  (
    await db.query<OrganisationRef>(
      sql`select id, type, path, merchant_id from organisation where id = ${id} and path like ${`${path}%`}`,
    )
  )[0];

/** An organisation by id with the ids of its whole subtree (itself included). */
export const findOrganisationWithSubtree = async (db: Queryable, id: string) =>
  (
    await db.query<OrganisationRef & { subtree: string[] }>(
      sql`select o.id, o.type, o.path, o.merchant_id,
        array(select s.id from organisation s where s.path like o.path || '%') as subtree
        from organisation o where o.id = ${id}`,
    )
  )[0];
