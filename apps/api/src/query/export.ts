import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { TListQuery } from '@kassa/domain';
import { badRequest } from '../lib/http-error.ts';
import type { Db, Row } from '../plugins/db/index.ts';
import { own, type EntityDef } from './entity.ts';
import { fieldNames } from './parse.ts';
import { readableColumns, readableDelimiter, readableOptionsOf, withRelatedNames } from './readable-export.ts';
import { populateRows, streamQuery } from './repository.ts';
import type { Scope } from './scope.ts';

/** Cells a spreadsheet would run as a formula are prefixed with a quote (OWASP CSV injection). */
export const neutraliseCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const valueAt = (row: Row, path: readonly string[]): unknown => {
  let value: unknown = row;
  for (const key of path)
    value = value && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Row)[key] : undefined;
  return value;
};

/**
 * The id of a populated relation, whose field the related object has replaced (or the bare id,
 * when the related row lies outside the actor's tenancy): an id column holds the id, never the
 * related row (which would put a customer's date of birth into a transaction export).
 */
const idOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row).id : value;

/** The cell of one column; the finished cell (after joining) is what a spreadsheet would run, so it is what is checked. */
const cellOf = (value: unknown): string => {
  // A JSON number (a negative settlement amount, -2500) is never a formula: quoting it would turn money into text.
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : neutraliseCell(textOf(value));
};

/** A value as one cell: lists of plain values joined by spaces, JSON (objects, lists of objects) as JSON. */
const textOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return value.map((item) => textOf(item)).join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Export columns: `a,b,transaction.merchant_reference`; a dotted path needs its relation populated. */
export const parseExportFields = (
  entity: EntityDef,
  raw: string | string[] | undefined,
  fallback: readonly string[],
): string[] => {
  const fields = raw === undefined ? [...fallback] : fieldNames(raw);
  for (const field of fields) {
    const [head, nested, ...deeper] = field.split('.');
    const relation = own(entity.populate, head);
    const known =
      nested === undefined
        ? own(entity.fields, head) !== undefined
        : deeper.length === 0 && relation !== undefined && own(relation.target().fields, nested) !== undefined;
    if (!known) throw badRequest('querystring._fields', `Cannot export ${field}`, 'unknown_field');
  }
  return fields;
};

/**
 * Streams every row the filters match as RFC 4180 CSV, in batches (a cursor, or keyset pages on
 * the embedded engine): memory stays flat however many rows match, and a client that goes away
 * ends the read. `_format=readable` (with `_lang`, `_tz`) gives the same rows for a person in a
 * spreadsheet (see readable-export.ts); otherwise field codes, minor units and UTC for machines.
 */
export const exportCsv = async (
  db: Db,
  entity: EntityDef,
  scope: Scope,
  query: TListQuery,
  defaultFields: readonly string[],
): Promise<Readable> => {
  const readable = query._format === 'readable' ? readableOptionsOf(query) : null;
  if (query._format !== undefined && !readable)
    throw badRequest('querystring._format', '_format must be readable (or left out for the machine export)');
  const requested = parseExportFields(entity, query._fields, defaultFields);
  const fields = readable ? withRelatedNames(entity, requested) : requested;
  const relations = [...new Set(fields.filter((f) => f.includes('.')).map((f) => f.split('.')[0]))];
  // Of a related row only the fields its columns name are read (`customer.name`, not the customer).
  const relatedFields = new Map(
    relations.map((name) => [name, fields.filter((f) => f.startsWith(`${name}.`)).map((f) => f.split('.')[1])]),
  );
  // Only the exported columns (and the ids of the relations they read) leave the database.
  const selected = [...new Set(fields.map((f) => f.split('.')[0]))];
  const { pages, populate } = await streamQuery(
    db,
    entity,
    scope,
    { ...query, _populate: relations.join(' ') } as TListQuery,
    selected,
  );
  const paths = fields.map((field) => field.split('.'));
  const read = paths.map((path) =>
    path.length === 1 && relations.includes(path[0])
      ? (row: Row) => idOf(valueAt(row, path))
      : (row: Row) => valueAt(row, path),
  );
  const columns = readable ? readableColumns(entity, fields, readable) : null;
  const options = {
    quoted_match: /[",\r\n]/,
    record_delimiter: 'windows',
    ...(readable ? { delimiter: readableDelimiter(readable.language) } : {}),
  } as const;
  const cellsOf = (row: Row) =>
    read.map((valueOf, index) => {
      const value = valueOf(row);
      return columns?.formatters[index](value, row) ?? cellOf(value);
    });
  // One CSV string per cursor batch: a stream event per row would cost more than the rows.
  async function* chunks() {
    // A byte-order mark tells a spreadsheet the readable file is UTF-8 (é, €, ü).
    yield (readable ? '\uFEFF' : '') + stringify([columns?.headers ?? fields], options);
    for await (const batch of db.stream<Row>(pages, 2000)) {
      await populateRows(db, entity, scope, batch, populate, relatedFields);
      yield stringify(batch.map(cellsOf), options);
    }
  }
  // At most two batches wait for a slow client; the cursor is not read further until they go.
  return Readable.from(chunks(), { highWaterMark: 2 });
};
