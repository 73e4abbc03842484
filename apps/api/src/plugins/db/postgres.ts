import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Db, Pages, Queryable } from './engine.ts';
import { NUMERIC_TYPE_IDS } from './engine.ts';
import type { Sql } from './sql.ts';
import { dbPool, timeQuery } from '../../lib/metrics.ts';

const typeParsers = {
  getTypeParser: ((id: number, format?: string) => {
    if (id === NUMERIC_TYPE_IDS.int8 || id === NUMERIC_TYPE_IDS.numeric) return (value: string) => Number(value);
    return pg.types.getTypeParser(id, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/** `named: false` behind a pooler in transaction mode: a named statement lives on one server connection. */
const wrap = (conn: pg.Pool | pg.PoolClient, named = true): Queryable => ({
  async query<T>(statement: Sql) {
    const result = await timeQuery(
      'postgresql',
      () =>
        conn.query({
          name: named ? statement.name : undefined,
          text: statement.text,
          values: statement.values as unknown[],
          types: typeParsers,
        }),
      statement.text,
    );
    return result.rows as T[];
  },
  async exec(text: string) {
    await conn.query(text);
  },
});

/** The application name of every listening connection. */
export const LISTENER_NAME = 'kassa_listener';

/**
 * A connection of its own that LISTENs on `channel`, connecting again (after a second) when it is
 * lost; while it is down `onState(false)` tells the listener that notifications may be missed.
 */
const listenOn = async (
  { url, schema }: { url: string; schema?: string },
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> => {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    // Named, so that a process can count the listeners that must acknowledge a sync (plugins/session-cache.ts).
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      application_name: LISTENER_NAME,
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      onState(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
      if (client === next && !stopped) onState(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    onState(false);
    await last?.end().catch(() => {});
  };
};

/**
 * `pooler`: PostgreSQL is reached through a connection pooler (PgBouncer), which refuses the
 * `options` startup parameter. `session`: settings are SET on each new connection instead.
 * `transaction`: server connections change between transactions, so statements are not named
 * (PgBouncer 1.18 keeps no prepared statements across them), no generic-plan pool (a setting of
 * one server connection), no schema (the pooler's `connect_query` or the role's own search_path
 * sets it), and LISTEN needs its own direct or session-mode address (`listenUrl`).
 */
export type Pooler = 'session' | 'transaction';

export type PostgresOptions = {
  url: string;
  schema?: string;
  max?: number;
  /** The pool's name in metrics: `primary`, or the replica's. */
  name?: string;
  /** A replica: nothing is created on it. */
  readOnly?: boolean;
  pooler?: Pooler;
  /** The address LISTEN connects to (default `url`). */
  listenUrl?: string;
  /** How long a new connection may take (default 5 s). */
  connectTimeoutMs?: number;
};

const openPool = (
  {
    url,
    schema,
    max,
    pooler,
    connectTimeoutMs = 5000,
  }: Pick<PostgresOptions, 'url' | 'schema' | 'pooler' | 'connectTimeoutMs'> & { max: number },
  settings: string[] = [],
) => {
  const all = [...(schema && pooler !== 'transaction' ? [`search_path=${schema}`] : []), ...settings];
  const options = pooler ? [] : all.map((setting) => `-c ${setting}`);
  // Session mode: the settings the startup packet would carry, as each connection's first statement.
  const setOnConnect = pooler === 'session' && all.length > 0;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database host that drops packets must give a 503 quickly, not a hanging request.
    connectionTimeoutMillis: connectTimeoutMs,
    options: options.length ? options.join(' ') : undefined,
    onConnect: setOnConnect
      ? async (client) => {
          await client.query(all.map((setting) => `set ${setting.replace('=', ' = ')}`).join('; '));
        }
      : undefined,
  });
  // A dropped connection must not crash the process; the next query reports it instead.
  pool.on('error', () => {});
  // The same for a connection checked out by a transaction or a stream between two of its queries:
  // without a listener its 'error' event is an uncaught exception that ends the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
};

/** A PostgreSQL server; `schema` isolates a test run in its own schema. */
export const openPostgres = async ({
  url,
  schema,
  max = 10,
  name = 'primary',
  readOnly = false,
  pooler,
  listenUrl,
  connectTimeoutMs,
}: PostgresOptions): Promise<Db> => {
  const pool = openPool({ url, schema, max, pooler, connectTimeoutMs });
  if (schema && !readOnly) await pool.query(`create schema if not exists "${schema}"`);
  const named = pooler !== 'transaction';
  const base = wrap(pool, named);
  // Statements of shapes whose best plan does not depend on the values (`plan: 'generic'`) run on
  // connections that keep one generic plan per statement: `plan_cache_mode` is a setting of the
  // connection and would also apply to every unnamed statement, so those never run here. Half as
  // many connections as the main pool (opened when first needed, closed when idle): they only run
  // index-ordered reads of a page, a few tenths of a millisecond each. Without JIT compilation: a
  // generic plan's estimates do not know the values, and one costed above `jit_above_cost` was
  // compiled again on every execution (at 10,000,000 transactions, a page whose offset was a
  // parameter took 67 ms instead of 1.3, of which the reading took 0.1).
  let genericPool: pg.Pool | undefined;
  const genericMax = Math.max(2, Math.ceil(max / 2));
  const generic = () =>
    (genericPool ??= openPool({ url, schema, max: genericMax, pooler, connectTimeoutMs }, [
      'plan_cache_mode=force_generic_plan',
      'jit=off',
    ]));
  let genericQuery: Queryable['query'] | undefined;
  return {
    engine: 'postgresql',
    query<T>(statement: Sql) {
      if (statement.plan !== 'generic' || !statement.name || !named) return base.query<T>(statement);
      genericQuery ??= wrap(generic()).query;
      return genericQuery<T>(statement);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client, named));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async *stream<T>(query: Sql | Pages, batchSize = 5000) {
      // A cursor on its own pooled connection: one snapshot and one sort, other requests unaffected.
      const statement = 'all' in query ? query.all : query;
      const client = await pool.connect();
      const cursor = client.query(new Cursor(statement.text, statement.values as unknown[], { types: typeParsers }));
      try {
        for (;;) {
          const rows = (await cursor.read(batchSize)) as T[];
          if (rows.length === 0) break;
          yield rows;
        }
      } finally {
        // Also on an early exit: the portal and its implicit transaction end here; a connection
        // that cannot close it is destroyed rather than handed to the next request.
        const failed = await cursor.close().then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        client.release(failed);
      }
    },
    exec: base.exec,
    listen: (channel, onNotify, onState) =>
      // Through a pooler the startup packet carries no settings (LISTEN needs no search_path anyway).
      listenOn(
        { url: listenUrl ?? url, schema: pooler && !listenUrl ? undefined : schema },
        channel,
        onNotify,
        onState,
      ),
    observePool() {
      for (const [label, each, most] of [
        [name, pool, max],
        [`${name}_generic`, genericPool, genericMax],
      ] as const) {
        if (!each) continue;
        dbPool.set({ pool: label, state: 'total' }, each.totalCount);
        dbPool.set({ pool: label, state: 'idle' }, each.idleCount);
        dbPool.set({ pool: label, state: 'waiting' }, each.waitingCount);
        dbPool.set({ pool: label, state: 'max' }, most);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), genericPool?.end()]);
    },
  };
};
