import { sql, type Sql } from '../../plugins/db/index.ts';

/** `insert into <table> (cols) values (…)`; column names come from code, never from a request. */
export const insertStatement = (table: string, values: Record<string, unknown>): Sql => {
  const columns = Object.keys(values);
  return sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) values (${sql.join(
    columns.map((column) => sql`${values[column]}`),
    ', ',
  )})`;
};

/** `update <table> set col = …, updated_at = now() where id = …`; column names come from code. */
export const updateStatement = (table: string, id: string, values: Record<string, unknown>): Sql => {
  const sets = Object.keys(values).map((column) => sql`${sql.raw(column)} = ${values[column]}`);
  return sql`update ${sql.raw(table)} set ${sql.join([...sets, sql`updated_at = now()`], ', ')} where id = ${id}`;
};
