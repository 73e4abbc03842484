import type { Sql } from './sql.ts';

export type Row = Record<string, unknown>;

/** Something SQL can be sent to: the pool, or one transaction. */
export type Queryable = {
  query<T = Row>(statement: Sql): Promise<T[]>;
  /** Executes several statements of plain SQL text (migrations, bulk loads). */
  exec(text: string): Promise<void>;
};

export type EngineName = 'pglite' | 'postgresql';

/**
 * A long read in two forms: `all`, the whole statement (read through a cursor), and `page`, the
 * same rows a page at a time after the last row of the previous page (keyset paging), for an
 * engine on which a cursor would hold its only connection while a slow client reads.
 */
export type Pages = { all: Sql; page: (after: Row | null, limit: number) => Sql };

/** The database, whichever engine runs it. Nothing outside plugins/db knows which. */
export type Db = Queryable & {
  readonly engine: EngineName;
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Streams the rows of a query in batches without holding the result in memory. Leaving the
   * loop early (a client that went away) closes the cursor and ends its transaction.
   */
  stream<T = Row>(query: Sql | Pages, batchSize?: number): AsyncIterable<T[]>;
  /**
   * LISTENs on a channel. `onState(false)` says notifications may have been missed (the listening
   * connection is gone) until `onState(true)` after it listens again. Returns the way to stop.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Sets the pool gauges (PostgreSQL; PGlite has one connection and no pool). */
  observePool?(): void;
  close(): Promise<void>;
};

/** Type parsers shared by both engines: bigint and numeric come back as JS numbers. */
export const NUMERIC_TYPE_IDS = { int8: 20, numeric: 1700 } as const;
