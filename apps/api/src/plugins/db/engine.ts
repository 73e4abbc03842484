import type { Sql } from './sql.ts';

export type Row = Record<string, unknown>;

/** Something SQL can be sent to: the pool, or one transaction. */
export type Queryable = {
  query<T = Row>(statement: Sql): Promise<T[]>;
  /** Executes several statements of plain SQL text (migrations, bulk loads). */
  exec(text: string): Promise<void>;
};

export type EngineName = 'pglite' | 'postgresql';

/** The database, whichever engine runs it. Nothing outside plugins/db knows which. */
export type Db = Queryable & {
  readonly engine: EngineName;
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Streams the rows of a query in batches without holding the result in memory. */
  stream<T = Row>(statement: Sql, batchSize?: number): AsyncIterable<T[]>;
  close(): Promise<void>;
};

/** Type parsers shared by both engines: bigint and numeric come back as JS numbers. */
export const NUMERIC_TYPE_IDS = { int8: 20, numeric: 1700 } as const;
