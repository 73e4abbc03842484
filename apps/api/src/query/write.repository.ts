import { sql, type Queryable } from '../plugins/db/index.ts';

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
