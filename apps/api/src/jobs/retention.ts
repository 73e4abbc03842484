import { createReadStream, createWriteStream, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type { Config } from '../config.ts';
import { sql, type Db, type Row } from '../plugins/db/index.ts';
import { registerJobHandler } from './handlers.ts';
import { schedulePeriodic } from './schedules.ts';

/**
 * Retention: data of a kind older than its setting is written to a gzip CSV archive, then removed
 * in small batches (each its own short statement: writers of new rows never wait on it). Declared
 * once per kind, as data: the table, the column that dates a row, and the setting.
 */
export type RetentionKind = {
  kind: string;
  table: string;
  /** The column that dates a row. */
  time: string;
  /** Days to keep (0: for ever). */
  days: (config: Config) => number;
};

export const RETENTION_KINDS: RetentionKind[] = [
  { kind: 'audit_trail', table: 'audit_log', time: 'created_at', days: (config) => config.retentionAuditDays },
  // What each delivery attempt of a webhook got back: operational history, kept for support.
  {
    kind: 'webhook_attempts',
    table: 'webhook_attempt',
    time: 'created_at',
    days: (config) => config.retentionWebhookDays,
  },
];

export const RETENTION_QUEUE = 'retention.run';
const DAY_MS = 86_400_000;

/**
 * A cell: JSON as its text, times as ISO instants, null as `\N` (as PostgreSQL's COPY writes it);
 * a text that starts with a backslash gets one more, so that it never reads back as null.
 */
const NULL = '\\N';
const cell = (value: unknown) => {
  if (value === null || value === undefined) return NULL;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && value.startsWith('\\')) return `\\${value}`;
  return value as string | number | boolean;
};
const uncell = (value: string) => (value === NULL ? null : value.startsWith('\\') ? value.slice(1) : value);

export type ArchiveResult = { kind: string; file: string | null; rows: number; removed: number; batches: number };

/**
 * Archives the rows of `kind` dated before `now - days` to `<dir>/<kind>/<kind>-before-<day>-<ms>.csv.gz`
 * (written under a temporary name and renamed when complete), then removes them `batch` at a time.
 * Safe to repeat: a run that stopped before removing everything archives the rest again.
 */
export const archiveAndRemove = async (
  db: Db,
  dir: string,
  kind: RetentionKind,
  days: number,
  { batch = 5000, now = Date.now() }: { batch?: number; now?: number } = {},
): Promise<ArchiveResult> => {
  const cutoff = new Date(now - days * DAY_MS);
  const table = sql.raw(`"${kind.table}"`);
  const time = sql.raw(`"${kind.time}"`);
  const [{ n }] = await db.query<{ n: number }>(sql`select count(*)::int as n from ${table} where ${time} < ${cutoff}`);
  if (n === 0) return { kind: kind.kind, file: null, rows: 0, removed: 0, batches: 0 };
  const file = join(dir, kind.kind, `${kind.kind}-before-${cutoff.toISOString().slice(0, 10)}-${now}.csv.gz`);
  mkdirSync(dirname(file), { recursive: true });
  const columns = (
    await db.query<{ name: string }>(sql`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${kind.table} order by ordinal_position`)
  ).map((c) => c.name);
  let rows = 0;
  async function* lines() {
    for await (const batchRows of db.stream<Row>(
      sql`select * from ${table} where ${time} < ${cutoff} order by ${time}, 1`,
      batch,
    ))
      for (const row of batchRows) {
        rows++;
        yield columns.map((column) => cell(row[column]));
      }
  }
  const partial = `${file}.partial`;
  await pipeline(
    lines(),
    stringify({
      header: true,
      columns,
      cast: { boolean: (v) => String(v) },
    }),
    createGzip(),
    createWriteStream(partial),
  );
  renameSync(partial, file);
  // Removed only once the archive is complete; batches by the dating column's index.
  let removed = 0;
  let batches = 0;
  for (;;) {
    // The audit trail refuses deletes except from retention, which says so for this transaction only.
    const deleted = await db.transaction(async (tx) => {
      await tx.exec("set local kassa.retention = 'on'");
      return tx.query(sql`delete from ${table} where ctid = any(array(
        select ctid from ${table} where ${time} < ${cutoff} order by ${time} limit ${batch})) returning 1`);
    });
    if (deleted.length === 0) break;
    removed += deleted.length;
    batches++;
  }
  return { kind: kind.kind, file, rows, removed, batches };
};

/**
 * Reads an archive back into `schema`.`<table>` (created like the live table, without its keys
 * and indexes), e.g. a scratch schema to look into old data. Returns the rows loaded.
 */
export const restoreArchive = async (db: Db, file: string, kind: RetentionKind, schema: string): Promise<number> => {
  const target = sql.raw(`"${schema}"."${kind.table}"`);
  await db.exec(`create schema if not exists "${schema}"`);
  const [{ live }] = await db.query<{ live: string }>(sql`select current_schema() as live`);
  await db.exec(`create table if not exists "${schema}"."${kind.table}" (like "${live}"."${kind.table}")`);
  const types = new Map(
    (
      await db.query<{ name: string; type: string }>(sql`select column_name as name, data_type as type
        from information_schema.columns where table_schema = ${live} and table_name = ${kind.table}`)
    ).map((c) => [c.name, c.type]),
  );
  const parser = createReadStream(file)
    .pipe(createGunzip())
    .pipe(parse({ columns: true, cast: (value) => uncell(value) }));
  let loaded = 0;
  let pending: Row[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await db.query(
      sql`insert into ${target} select * from json_populate_recordset(null::${target}, ${JSON.stringify(pending)}::json)`,
    );
    loaded += pending.length;
    pending = [];
  };
  for await (const record of parser as AsyncIterable<Record<string, string | null>>) {
    pending.push(
      Object.fromEntries(
        Object.entries(record).map(([column, value]) => [
          column,
          value !== null && (types.get(column) === 'jsonb' || types.get(column) === 'json') ? JSON.parse(value) : value,
        ]),
      ),
    );
    if (pending.length === 1000) await flush();
  }
  await flush();
  return loaded;
};

/** The daily retention run over every kind with a setting. */
export const registerRetention = (): void => {
  registerJobHandler(RETENTION_QUEUE, async (_payload, { db, config, log }) => {
    for (const kind of RETENTION_KINDS) {
      const days = kind.days(config);
      if (days <= 0) continue;
      const result = await archiveAndRemove(db, config.retentionArchiveDir, kind, days);
      if (result.removed > 0) log.info('archived and removed old rows', { ...result });
    }
  });
  schedulePeriodic(RETENTION_QUEUE, 86_400);
};
