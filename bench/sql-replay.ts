import pg from 'pg';
import type { Db, Queryable, Sql } from '../apps/api/src/plugins/db/index.ts';
import { median } from './load.ts';

/** Statements of authentication (session lookup and touch), which are Kassa's own work and not the screen's SQL. */
const isAuthentication = (statement: Sql) =>
  // The lookup's name carries a version (`kassa_session_lookup_3`): matched by prefix, else the first
  // request of each user replayed the session lookup as if it were the screen's SQL.
  Boolean(statement.name?.startsWith('kassa_session_lookup')) ||
  /^\s*update session set last_seen_at/.test(statement.text);

/**
 * A database that writes down the statements sent through it, so the bench can send the very
 * SQL a request made straight to the database and compare.
 */
export const recordingDb = (db: Db): { db: Db; take: () => Sql[] } => {
  let recorded: Sql[] = [];
  const note = (statement: Sql) => {
    if (!isAuthentication(statement)) recorded.push(statement);
  };
  const wrap = (inner: Queryable): Queryable => ({
    query: (statement) => {
      note(statement);
      return inner.query(statement);
    },
    exec: (text) => inner.exec(text),
  });
  const wrapped: Db = {
    ...db,
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    stream: (query, batchSize) => db.stream(query, batchSize),
    close: () => db.close(),
  };
  return {
    db: wrapped,
    take: () => {
      const taken = recorded;
      recorded = [];
      return taken;
    },
  };
};

export type SqlFigures = { requestsPerSecond: number; oneConnectionMs: number; statements: number };

/**
 * The database's own speed for a request's statements, sent in the same order over a pool of
 * `connections` (one request = its statements in turn on one connection): requests per second
 * over `seconds`, and the median time of one request alone.
 */
export const replayOnPostgres = async (
  url: string,
  statements: Sql[],
  connections: number,
  seconds: number,
  runs: number,
): Promise<SqlFigures> => {
  // As Kassa sends them: named statements prepared per connection, and a request whose statements
  // all keep a generic plan on connections that keep one (apps/api/src/plugins/db/postgres.ts).
  const generic = statements.length > 0 && statements.every((statement) => statement.plan === 'generic');
  const pool = new pg.Pool({
    connectionString: url,
    max: connections,
    // Without JIT, as Kassa's generic-plan connections: a generic plan costed above jit_above_cost
    // is compiled again on every execution (the achievements card at 10M: 141 ms instead of 2).
    options: generic ? '-c plan_cache_mode=force_generic_plan -c jit=off' : undefined,
  });
  const once = async (client: pg.Pool | pg.PoolClient) => {
    for (const statement of statements)
      await client.query({ name: statement.name, text: statement.text, values: statement.values as unknown[] });
  };
  try {
    const client = await pool.connect();
    const times: number[] = [];
    try {
      for (let i = 0; i < 3; i++) await once(client);
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await once(client);
        times.push(performance.now() - start);
      }
    } finally {
      client.release();
    }
    let done = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const own = await pool.connect();
        try {
          while (performance.now() < until) {
            await once(own);
            done++;
          }
        } finally {
          own.release();
        }
      }),
    );
    return { requestsPerSecond: done / seconds, oneConnectionMs: median(times), statements: statements.length };
  } finally {
    await pool.end();
  }
};

/** The same on the embedded engine: one connection, so requests run one after another. */
export const replayOnDb = async (
  db: Queryable,
  statements: Sql[],
  seconds: number,
  runs: number,
): Promise<SqlFigures> => {
  const once = async () => {
    for (const statement of statements) await db.query(statement);
  };
  const times: number[] = [];
  for (let i = 0; i < 3; i++) await once();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  let done = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    await once();
    done++;
  }
  return { requestsPerSecond: done / seconds, oneConnectionMs: median(times), statements: statements.length };
};
