import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { TListQuery } from '@kassa/domain';
import { badRequest } from '../lib/http-error.ts';
import type { Db, Row } from '../plugins/db/index.ts';
import type { EntityDef } from './entity.ts';
import { populateRows, streamQuery } from './repository.ts';
import type { Scope } from './scope.ts';

/** Cells a spreadsheet would run as a formula are prefixed with a quote (OWASP CSV injection). */
export const neutraliseCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const cellOf = (row: Row, path: readonly string[]): string => {
  let value: unknown = row;
  for (const key of path) value = value && typeof value === 'object' ? (value as Row)[key] : undefined;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return neutraliseCell(String(value));
};

/** Export columns: `a,b,transaction.merchant_reference`; a dotted path needs its relation populated. */
export const parseExportFields = (entity: EntityDef, raw: string | string[] | undefined, fallback: readonly string[]): string[] => {
  const fields = raw === undefined ? [...fallback] : (Array.isArray(raw) ? raw.join(',') : raw).split(',').map((f) => f.trim()).filter(Boolean);
  for (const field of fields) {
    const [head, nested] = field.split('.');
    const known = nested === undefined ? head in entity.fields : Boolean(entity.populate?.[head]);
    if (!known) throw badRequest('querystring._fields', `Cannot export ${field}`, 'unknown_field');
  }
  return fields;
};

/**
 * Streams every row the filters match as RFC 4180 CSV, from a database cursor, in batches:
 * memory stays flat however many rows match.
 */
export const exportCsv = async (db: Db, entity: EntityDef, scope: Scope, query: TListQuery, defaultFields: readonly string[]): Promise<Readable> => {
  const fields = parseExportFields(entity, query._fields, defaultFields);
  const relations = [...new Set(fields.filter((f) => f.includes('.')).map((f) => f.split('.')[0]))];
  // Only the exported columns (and the ids of the relations they read) leave the database.
  const selected = [...new Set(fields.map((f) => f.split('.')[0]))];
  const { statement, populate } = await streamQuery(db, entity, scope, { ...query, _populate: relations.join(' ') } as TListQuery, selected);
  const paths = fields.map((field) => field.split('.'));
  const options = { quoted_match: /[",\r\n]/, record_delimiter: 'windows' } as const;
  // One CSV string per cursor batch: a stream event per row would cost more than the rows.
  async function* chunks() {
    yield stringify([fields], options);
    for await (const batch of db.stream<Row>(statement, 2000)) {
      await populateRows(db, entity, batch, populate);
      yield stringify(batch.map((row) => paths.map((path) => cellOf(row, path))), options);
    }
  }
  // At most two batches wait for a slow client; the cursor is not read further until they go.
  return Readable.from(chunks(), { highWaterMark: 2 });
};
