import { sql, type Queryable } from '../plugins/db/index.ts';

/** Postgres types a bulk column is sent as; `jsonb`, `date` and `text[]` travel as text and are cast. */
export type BulkType = 'text' | 'int8' | 'int4' | 'bool' | 'float8' | 'jsonb' | 'text[]' | 'timestamptz' | 'date';

/** Column name → type. `timestamptz` columns take epoch milliseconds (cheap to send, same on both engines). */
export type BulkColumns = Record<string, BulkType>;

const paramType: Record<BulkType, string> = {
  text: 'text',
  int8: 'int8',
  int4: 'int4',
  bool: 'bool',
  float8: 'float8',
  jsonb: 'text',
  'text[]': 'text',
  timestamptz: 'float8',
  date: 'text',
};

const selectExpression = (name: string, type: BulkType): string => {
  if (type === 'jsonb') return `${name}::jsonb`;
  if (type === 'text[]') return `${name}::text[]`;
  if (type === 'date') return `${name}::date`;
  if (type === 'timestamptz') return `to_timestamp(${name} / 1000.0)`;
  return name;
};

/**
 * The last statement sent on each connection. Writers of the same connection chain on it, so a
 * statement is sent only when the previous one finished (a pg client must not queue queries),
 * while the next batch is generated in the meantime.
 */
const lanes = new WeakMap<Queryable, Promise<unknown>>();

/** A text[] value as an array literal, so a column of arrays can travel in one text[] parameter. */
export const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * Collects rows column by column and inserts them with one `insert … select from unnest(…)`
 * statement per batch: one round trip and one plan for thousands of rows.
 */
export class BulkWriter {
  private readonly names: string[];
  private buffers: unknown[][];
  private pending: Promise<unknown> = Promise.resolve();
  inserted = 0;

  constructor(
    private readonly db: Queryable,
    private readonly table: string,
    private readonly columns: BulkColumns,
    readonly batchSize = 5000,
  ) {
    this.names = Object.keys(columns);
    this.buffers = this.names.map(() => []);
  }

  get size(): number {
    return this.buffers[0].length;
  }

  /** Adds one row; values in the order the columns were declared. */
  push(...values: unknown[]): void {
    for (let i = 0; i < values.length; i++) this.buffers[i].push(values[i]);
  }

  /**
   * Sends the buffered rows behind the connection's previous statement (same order as flushed),
   * so the next batch is generated while the database writes this one.
   */
  async flush(): Promise<void> {
    await this.pending;
    if (this.size === 0) return;
    const buffers = this.buffers;
    this.buffers = this.names.map(() => []);
    this.inserted += buffers[0].length;
    const params = this.names.map((name, i) => sql`${buffers[i]}::${sql.raw(paramType[this.columns[name]])}[]`);
    const statement = sql`insert into ${sql.raw(this.table)} (${sql.raw(this.names.join(', '))})
      select ${sql.raw(this.names.map((name) => selectExpression(name, this.columns[name])).join(', '))}
      from unnest(${sql.join(params, ', ')}) as t(${sql.raw(this.names.join(', '))})`;
    const written = (lanes.get(this.db) ?? Promise.resolve()).then(() => this.db.query(statement));
    lanes.set(
      this.db,
      written.catch(() => {}),
    );
    // A failure surfaces at the next flush or close; until then it must not count as unhandled.
    written.catch(() => {});
    this.pending = written;
  }

  /** Flushes and waits until every row is written. */
  async close(): Promise<void> {
    await this.flush();
    await this.pending;
  }
}
