import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, MAX_PAGE_SIZE, type TListQuery } from '@kassa/domain';
import { badRequest } from '../lib/http-error.ts';
import { sql, type Sql } from '../plugins/db/index.ts';
import { columnOf, own, type EntityDef, type FieldDef } from './entity.ts';

/** A list request after validation: everything in it is safe to turn into SQL. */
export type ListRequest = {
  limit: number;
  skip: number;
  sort: { field: string; column: string; descending: boolean };
  conditions: Sql[];
  populate: string[];
  /** The `organisation` filter, resolved to a subtree by the repository. */
  organisation?: string;
  /**
   * True when the request filters on nothing but bounds of `created_at` and is sorted by it: a
   * page of it is read in order off a `(tenant, created_at desc, id desc)` or `(created_at desc,
   * id desc)` index whatever the values, so one generic plan serves every caller.
   */
  timeOrderedOnly: boolean;
};

const RESERVED = new Set([
  '_limit',
  '_skip',
  '_sort',
  '_search',
  '_search_by',
  '_populate',
  '_fields',
  '_format',
  '_lang',
  '_tz',
]);
const path = (key: string) => `querystring.${key}`;
const single = (key: string, value: string | string[]): string => {
  if (Array.isArray(value)) throw badRequest(path(key), `${key} takes one value`);
  return value;
};

const coerce = (key: string, field: FieldDef, raw: string): unknown => {
  if (field.values && !field.values.includes(raw)) {
    throw badRequest(path(key), `${key} must be one of: ${field.values.join(', ')}`);
  }
  switch (field.type) {
    case 'int':
    case 'number': {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value) || (field.type === 'int' && !Number.isInteger(value))) {
        throw badRequest(path(key), `${key} must be a number`);
      }
      return value;
    }
    case 'bool':
      if (raw !== 'true' && raw !== 'false') throw badRequest(path(key), `${key} must be true or false`);
      return raw === 'true';
    case 'timestamp':
    case 'date': {
      const time = Date.parse(raw);
      if (Number.isNaN(time)) throw badRequest(path(key), `${key} must be a date (ISO 8601)`);
      return new Date(time).toISOString();
    }
    default:
      return raw;
  }
};

const integerParam = (key: string, raw: string, min: number, max: number): number => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw badRequest(path(key), `${key} must be a whole number from ${min}`);
  return Math.min(value, max);
};

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchCondition = (entity: EntityDef, term: string, by?: string): Sql => {
  const searchable = Object.entries(entity.fields).filter(([, f]) => f.search);
  if (by !== undefined && !searchable.some(([name]) => name === by)) {
    throw badRequest(path('_search_by'), `_search_by must be one of: ${searchable.map(([n]) => n).join(', ')}`);
  }
  const parts = searchable
    .filter(([name]) => by === undefined || name === by)
    .map(([name, field]) => {
      const column = sql.raw(columnOf(name, field));
      if (typeof field.search === 'function') return field.search(term);
      if (field.search === 'exact') return sql`${column} = ${term}`;
      return sql`lower(${column}) like ${`${escapeLike(term.toLowerCase())}%`}`;
    });
  return parts.length ? sql`(${sql.join(parts, ' or ')})` : sql`false`;
};

/**
 * Turns a raw query (`status[]`, `created_at>`, `_sort`, …) into a validated request.
 * Any key the entity does not declare is a 400 naming that key.
 */
export const parseListQuery = (entity: EntityDef, query: TListQuery): ListRequest => {
  const request: ListRequest = {
    limit: DEFAULT_PAGE_SIZE,
    skip: 0,
    sort: { field: 'created_at', column: 'e.created_at', descending: true },
    conditions: [],
    populate: [],
    timeOrderedOnly: true,
  };
  const sortRaw = query._sort === undefined ? DEFAULT_SORT : single('_sort', query._sort);
  const sortField = sortRaw.replace(/^-/, '');
  const sortDef = own(entity.fields, sortField);
  if (!sortDef?.sort) throw badRequest(path('_sort'), `Cannot sort by ${sortField}`, 'unknown_field');
  request.sort = { field: sortField, column: columnOf(sortField, sortDef), descending: sortRaw.startsWith('-') };
  if (sortField !== 'created_at') request.timeOrderedOnly = false;

  if (query._limit !== undefined) {
    const raw = single('_limit', query._limit);
    request.limit = raw === 'null' ? MAX_PAGE_SIZE : integerParam('_limit', raw, 1, MAX_PAGE_SIZE);
  }
  if (query._skip !== undefined)
    request.skip = integerParam('_skip', single('_skip', query._skip), 0, Number.MAX_SAFE_INTEGER);
  if (query._search !== undefined) {
    const term = single('_search', query._search).trim();
    const by = query._search_by === undefined ? undefined : single('_search_by', query._search_by);
    if (term) {
      request.conditions.push(searchCondition(entity, term, by));
      request.timeOrderedOnly = false;
    }
  }
  if (query._populate !== undefined) {
    const names = (Array.isArray(query._populate) ? query._populate.join(' ') : query._populate)
      .split(/[\s,]+/)
      .filter(Boolean);
    for (const name of names) {
      if (!own(entity.populate, name)) throw badRequest(path('_populate'), `Cannot populate ${name}`, 'unknown_field');
    }
    request.populate = [...new Set(names)];
  }

  for (const [rawKey, value] of Object.entries(query)) {
    if (RESERVED.has(rawKey)) continue;
    const match = /^(.*?)(\[\]|>|<)?$/.exec(rawKey) as RegExpExecArray;
    const name = match[1];
    const op = match[2] ?? '=';
    if (name !== 'created_at' || (op !== '>' && op !== '<')) request.timeOrderedOnly = false;
    if (name === 'organisation' && op === '=') {
      request.organisation = single(rawKey, value);
      continue;
    }
    const virtual = own(entity.virtualFilters, name);
    if (virtual && op === '=') {
      const raw = single(rawKey, value);
      if (virtual.values && !virtual.values.includes(raw)) {
        throw badRequest(path(rawKey), `${rawKey} must be one of: ${virtual.values.join(', ')}`);
      }
      request.conditions.push(virtual.toSql(raw));
      continue;
    }
    const field = own(entity.fields, name);
    if (!field?.filter) throw badRequest(path(rawKey), `Unknown filter ${rawKey}`, 'unknown_field');
    const column = sql.raw(columnOf(name, field));
    if (op === '[]') {
      const values = (Array.isArray(value) ? value : [value]).map((v) => coerce(rawKey, field, v));
      request.conditions.push(field.type === 'text[]' ? sql`${column} && ${values}` : sql`${column} = any(${values})`);
    } else if (op === '>' || op === '<') {
      if (!['int', 'number', 'timestamp', 'date'].includes(field.type)) {
        throw badRequest(path(rawKey), `${name} has no range filter`);
      }
      const bound = coerce(rawKey, field, single(rawKey, value));
      request.conditions.push(op === '>' ? sql`${column} >= ${bound}` : sql`${column} <= ${bound}`);
    } else {
      const v = coerce(rawKey, field, single(rawKey, value));
      request.conditions.push(field.type === 'text[]' ? sql`${v} = any(${column})` : sql`${column} = ${v}`);
    }
  }
  return request;
};

/** The names a `_fields` parameter lists, comma- or space-separated, given once or repeated. */
export const fieldNames = (raw: string | string[]): string[] =>
  (Array.isArray(raw) ? raw.join(',') : raw).split(/[\s,]+/).filter(Boolean);

/** What `_fields` picks of a list's or a detail's rows. */
export type PickedFields = {
  /** The entity's own fields each row carries, in the entity's order; undefined: all of them. */
  own: string[] | undefined;
  /** Per populated relation named in `_fields`, the fields its object carries besides its id. */
  relations: Map<string, string[]>;
};

/**
 * The fields a list or detail answers with (`_fields`), named as an export names them: `amount`
 * for an own field, `customer.email_address` for a field of a populated relation.
 * - Own fields named: each row carries its id, those fields and every relation in `_populate`;
 *   none named: all of its own fields.
 * - A relation named carries its id and those fields; a populated relation not named carries all
 *   of its fields.
 * A screen asks for what its rows show, instead of whole rows with documents and relations
 * repeated on every line (docs/decisions.md, "Fields of populated relations", "Own fields").
 */
export const parsePickedFields = (
  entity: EntityDef,
  raw: string | string[] | undefined,
  populate: readonly string[],
): PickedFields => {
  const relations = new Map<string, string[]>();
  if (raw === undefined) return { own: undefined, relations };
  const named = new Set<string>();
  for (const name of fieldNames(raw)) {
    const [head, field, ...deeper] = name.split('.');
    const refuse = (why: string) => badRequest(path('_fields'), `Cannot pick ${name}: ${why}`, 'unknown_field');
    if (field === undefined) {
      if (!own(entity.fields, head)) throw refuse(`${entity.name} has no field ${head}`);
      named.add(head);
      continue;
    }
    const relation = own(entity.populate, head);
    if (deeper.length > 0) throw refuse('populate is one level deep');
    if (!relation) throw refuse(`${entity.name} has no relation ${head}`);
    if (!populate.includes(head)) throw refuse(`${head} is not in _populate`);
    if (!own(relation.target().fields, field)) throw refuse(`${head} has no field ${field}`);
    relations.set(head, [...new Set([...(relations.get(head) ?? []), field])]);
  }
  if (named.size === 0) return { own: undefined, relations };
  const kept = Object.keys(entity.fields).filter((name) => name === 'id' || named.has(name) || populate.includes(name));
  return { own: kept, relations };
};
