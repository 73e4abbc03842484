import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Db, Queryable } from './engine.ts';
import { NUMERIC_TYPE_IDS } from './engine.ts';
import type { Sql } from './sql.ts';

const typeParsers = {
  getTypeParser: ((id: number, format?: string) => {
    if (id === NUMERIC_TYPE_IDS.int8 || id === NUMERIC_TYPE_IDS.numeric) return (value: string) => Number(value);
    return pg.types.getTypeParser(id, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

const wrap = (conn: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T>(statement: Sql) {
    const result = await conn.query({ name: statement.name, text: statement.text, values: statement.values as unknown[], types: typeParsers });
    return result.rows as T[];
  },
  async exec(text: string) {
    await conn.query(text);
  },
});

export type PostgresOptions = { url: string; schema?: string; max?: number };

/** A PostgreSQL server; `schema` isolates a test run in its own schema. */
export const openPostgres = async ({ url, schema, max = 10 }: PostgresOptions): Promise<Db> => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database host that drops packets must give a 503 quickly, not a hanging request.
    connectionTimeoutMillis: 5000,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // A dropped connection must not crash the process; the next query reports it instead.
  pool.on('error', () => {});
  if (schema) await pool.query(`create schema if not exists "${schema}"`);
  const base = wrap(pool);
  return {
    engine: 'postgresql',
    query: base.query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async *stream<T>(statement: Sql, batchSize = 5000) {
      const client = await pool.connect();
      const cursor = client.query(
        new Cursor(statement.text, statement.values as unknown[], { types: typeParsers }),
      );
      try {
        for (;;) {
          const rows = (await cursor.read(batchSize)) as T[];
          if (rows.length === 0) break;
          yield rows;
        }
      } finally {
        await cursor.close().catch(() => {});
        client.release();
      }
    },
    exec: base.exec,
    close: () => pool.end(),
  };
};
