import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Pages, Queryable, Row } from './engine.ts';
import { NUMERIC_TYPE_IDS } from './engine.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import type { Sql } from './sql.ts';
import { timeQuery } from '../../lib/metrics.ts';

const parsers = {
  [NUMERIC_TYPE_IDS.int8]: (value: string) => Number(value),
  [NUMERIC_TYPE_IDS.numeric]: (value: string) => Number(value),
  [types.TIMESTAMPTZ]: (value: string) => new Date(value),
};

/**
 * The embedded engine runs each statement in this thread, and a statement's promise settles as a
 * microtask: a job sending statement after statement (the settlement lifecycle moves hundreds of
 * transactions, one database transaction each) never let the event loop read a request until it
 * was done, seconds later. A statement sent after the loop's turn has run for TURN_MS first lets
 * the loop take its turn: requests waiting on their sockets are read and queue for the connection.
 */
const TURN_MS = 20;
let turnStartedAt = performance.now();
let turnMarked = false;
const takeTurnIfLong = async () => {
  if (!turnMarked) {
    turnMarked = true;
    setImmediate(() => {
      turnMarked = false;
      turnStartedAt = performance.now();
    });
  }
  if (performance.now() - turnStartedAt > TURN_MS) await new Promise((resolve) => setImmediate(resolve));
};

const wrap = (conn: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<T>(statement: Sql) {
    await takeTurnIfLong();
    const result = await timeQuery(
      'pglite',
      () => conn.query<T>(statement.text, statement.values as unknown[]),
      statement.text,
    );
    return result.rows;
  },
  async exec(text: string) {
    await takeTurnIfLong();
    await conn.exec(text);
  },
});

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/**
 * A server-side cursor inside one transaction, fetched a batch at a time when the consumer asks
 * for the next one. However the consumer leaves (done, error, a client that went away), the
 * cursor is closed and the transaction ended before this generator finishes.
 */
async function* cursorBatches<T>(pg: PGlite, statement: Sql, batchSize: number): AsyncGenerator<T[]> {
  let wanted = deferred<boolean>();
  let delivered = deferred<T[]>();
  const producer = pg.transaction(async (tx) => {
    await tx.query(`declare kassa_stream no scroll cursor for ${statement.text}`, statement.values as unknown[]);
    for (;;) {
      if (!(await wanted.promise)) break;
      wanted = deferred();
      const batch = await tx.query<T>(`fetch ${batchSize} from kassa_stream`);
      delivered.resolve(batch.rows);
      if (batch.rows.length === 0) break;
    }
    await tx.query('close kassa_stream');
  });
  // An error reaches the consumer through the race below; nothing may stay unhandled.
  const finished = producer.then(() => [] as T[]);
  finished.catch(() => {});
  try {
    for (;;) {
      const next = delivered.promise;
      wanted.resolve(true);
      const rows = await Promise.race([next, finished]);
      if (rows.length === 0) return;
      delivered = deferred();
      yield rows;
    }
  } finally {
    wanted.resolve(false);
    await finished.catch(() => {});
  }
}

/**
 * Embedded PostgreSQL; `dataDir` undefined means in memory (tests). `template` is a dump of an
 * already-migrated database to start from (tests load one instead of running initdb each time).
 */
export const openPglite = async (dataDir?: string, options: { template?: Blob } = {}): Promise<Db> => {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
  }
  const pg = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, { parsers, loadDataDir: options.template });
  const wrapped = wrap(pg);
  const base: Queryable = {
    query<T>(statement: Sql) {
      refuseInsideTransaction();
      return wrapped.query<T>(statement);
    },
    exec: (text) => {
      refuseInsideTransaction();
      return wrapped.exec(text);
    },
  };
  return {
    engine: 'pglite',
    query: base.query,
    transaction: (work) => inTransaction(pg, work),
    async *stream<T>(query: Sql | Pages, batchSize = 5000) {
      if ('page' in query) {
        // Keyset pages, each its own short query: PGlite has one connection, and a cursor would
        // hold it (and every other request) for as long as a slow client takes to read.
        let last: Row | null = null;
        for (;;) {
          const rows = await base.query<T>(query.page(last, batchSize));
          if (rows.length === 0) return;
          yield rows;
          if (rows.length < batchSize) return;
          last = rows[rows.length - 1] as Row;
        }
      }
      refuseInsideTransaction();
      yield* cursorBatches<T>(pg, query, batchSize);
    },
    exec: base.exec,
    // One process, one connection: a notification is delivered in this process and cannot be missed.
    async listen(channel, onNotify, onState) {
      const stop = await pg.listen(channel, onNotify);
      onState(true);
      return async () => {
        onState(false);
        if (!pg.closed) await stop();
      };
    },
    close: async () => {
      await pg.close();
      release();
    },
  };
};

/**
 * The embedded engine has one connection: a statement sent on the database handle while a
 * transaction of the same request (its async context) is open waits for that transaction, which
 * waits for the statement: the request, and every one behind it, never ends. Such a statement is
 * refused at once, with where it came from, instead (use the transaction's handle, `tx`).
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class NestedStatementError extends Error {
  readonly code = 'kassa_nested_statement';
  constructor() {
    super(
      'A statement was sent on the database handle inside an open transaction: on the embedded engine it would wait for that transaction forever. Send it through the transaction (tx).',
    );
  }
}

const refuseInsideTransaction = () => {
  if (openTransaction.getStore()?.open) throw new NestedStatementError();
};

const inTransaction = <T>(pg: PGlite, work: (tx: Queryable) => Promise<T>): Promise<T> => {
  refuseInsideTransaction();
  const state = { open: true };
  return pg
    .transaction((tx) => openTransaction.run(state, () => work(wrap(tx))))
    .finally(() => {
      state.open = false;
    });
};

/** A dump of a fresh, fully migrated in-memory database, to seed test databases from. */
export const createMigratedTemplate = async (): Promise<Blob> => {
  const pg = await PGlite.create({ parsers });
  const db = {
    ...wrap(pg),
    engine: 'pglite' as const,
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => pg.transaction((tx) => work(wrap(tx))),
  };
  await migrate(db as unknown as Db);
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
};
