import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './engine.ts';
import { NUMERIC_TYPE_IDS } from './engine.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import type { Sql } from './sql.ts';

const parsers = {
  [NUMERIC_TYPE_IDS.int8]: (value: string) => Number(value),
  [NUMERIC_TYPE_IDS.numeric]: (value: string) => Number(value),
  [types.TIMESTAMPTZ]: (value: string) => new Date(value),
};

const wrap = (conn: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<T>(statement: Sql) {
    const result = await conn.query<T>(statement.text, statement.values as unknown[]);
    return result.rows;
  },
  async exec(text: string) {
    await conn.exec(text);
  },
});

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
  const base = wrap(pg);
  return {
    engine: 'pglite',
    query: base.query,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async *stream<T>(statement: Sql, batchSize = 5000) {
      // PGlite runs in this process: a server-side cursor inside a transaction keeps memory flat.
      const queue: T[][] = [];
      let done = false;
      let failure: unknown;
      let wake: (() => void) | undefined;
      let resume: (() => void) | undefined;
      const producer = pg
        .transaction(async (tx) => {
          await tx.query(`declare kassa_stream no scroll cursor for ${statement.text}`, statement.values as unknown[]);
          for (;;) {
            const batch = await tx.query<T>(`fetch ${batchSize} from kassa_stream`);
            if (batch.rows.length === 0) break;
            queue.push(batch.rows);
            wake?.();
            if (queue.length >= 2) await new Promise<void>((r) => (resume = r));
          }
          await tx.query('close kassa_stream');
        })
        .catch((error: unknown) => (failure = error))
        .finally(() => {
          done = true;
          wake?.();
        });
      for (;;) {
        if (queue.length > 0) {
          const batch = queue.shift() as T[];
          resume?.();
          resume = undefined;
          yield batch;
          continue;
        }
        if (done) break;
        await new Promise<void>((r) => (wake = r));
        wake = undefined;
      }
      await producer;
      if (failure) throw failure;
    },
    exec: base.exec,
    close: async () => {
      await pg.close();
      release();
    },
  };
};

/** A dump of a fresh, fully migrated in-memory database, to seed test databases from. */
export const createMigratedTemplate = async (): Promise<Blob> => {
  const pg = await PGlite.create({ parsers });
  const db = { ...wrap(pg), engine: 'pglite' as const, transaction: <T>(work: (tx: Queryable) => Promise<T>) => pg.transaction((tx) => work(wrap(tx))) };
  await migrate(db as unknown as Db);
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
};
