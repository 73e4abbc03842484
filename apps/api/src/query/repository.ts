import type { TListQuery } from '@kassa/domain';
import { notFound, notFoundAt } from '../lib/http-error.ts';
import { sql, type Pages, type Queryable, type Row, type Sql } from '../plugins/db/index.ts';
import { columnOf, own, type EntityDef, type FieldDef, type FieldType, type RowOf } from './entity.ts';
import { parseListQuery, parsePickedFields, type ListRequest, type PickedFields } from './parse.ts';
import { jsonWritable, rowColumns, type JsonRelation } from './json-rows.sql.ts';
import { genericPlanSafe, withGenericPlan } from './prepared.ts';
import { countFromRollup } from './rollup-count.ts';
import { modeOf, type Scope } from './scope.ts';
import {
  conditionsOf,
  modeCondition,
  readConditions,
  rowConditions,
  scopeCondition,
  whereClause,
  whereOf,
} from './where.ts';

/** The select list of an entity's fields; `only` narrows it (exports select just their columns). */
export const selectList = (entity: EntityDef, only?: readonly string[]): Sql =>
  sql.raw(
    Object.entries(entity.fields)
      .filter(([name]) => !only || name === 'id' || only.includes(name))
      .map(([name, field]) => `${columnOf(name, field)} as "${name}"`)
      .join(', '),
  );

const orderClause = (request: ListRequest): Sql => {
  const direction = request.sort.descending ? 'desc' : 'asc';
  const tieBreak = request.sort.field === 'id' ? '' : `, e.id ${direction}`;
  // PostgreSQL's default null order (first when descending) matches the indexes, so a sorted
  // page is read straight off an index instead of sorting every matching row.
  return sql.raw(`order by ${request.sort.column} ${direction}${tieBreak}`);
};

/**
 * Replaces relation ids by the related objects, one query per relation (never one per row).
 * The related rows pass the actor's tenancy like any other read: one outside it (a
 * sub-organisation's parent) stays a bare id, exactly as `GET` of it would be a 404.
 * `only` narrows a relation's object to the fields named (and its id): an export reads no more
 * of a related row than the columns it writes.
 */
export const populateRows = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  rows: Row[],
  names: string[],
  only?: ReadonlyMap<string, readonly string[]>,
): Promise<Row[]> => {
  for (const name of names) {
    const relation = own(entity.populate, name);
    if (!relation) continue;
    const target = relation.target();
    const ids = [
      ...new Set(rows.map((row) => row[relation.field]).filter((id): id is string => typeof id === 'string')),
    ];
    if (ids.length === 0) continue;
    const scoped = target.readsAncestors
      ? readConditions({ ...target, baseCondition: undefined }, scope)
      : [scopeCondition(scope, target.tenancy), modeCondition(target, scope)].filter((condition) => condition !== null);
    // Only tenancy and mode, not the target's baseCondition: a soft-deleted plan still shows on its subscriptions.
    const related = await db.query(
      sql`select ${selectList(target, only?.get(name))} from ${sql.raw(target.table)} e ${whereOf([sql`e.id = any(${ids})`, ...scoped])}`,
    );
    const byId = new Map(related.map((row) => [row.id as string, row]));
    for (const row of rows) {
      const id = row[relation.field];
      if (typeof id === 'string') row[name] = byId.get(id) ?? id;
    }
  }
  return rows;
};

/** `_fields` not given: every own field, whole relations. */
const ALL_FIELDS: PickedFields = { own: undefined, relations: new Map() };

/**
 * The columns a page or row reads before its relations: the own fields `_fields` picks, and what
 * the statement needs besides (the sort field, the ids its relations join on); all without picks.
 */
const innerFields = (entity: EntityDef, picked: PickedFields, names: string[], sortField?: string) =>
  picked.own && [
    ...picked.own,
    ...(sortField ? [sortField] : []),
    ...names.flatMap((name) => {
      const relation = own(entity.populate, name);
      return relation ? [relation.field] : [];
    }),
  ];

/** Rows built in JavaScript narrowed to the picked own fields and the populated relations, as the database writes them. */
const keepOnly = (picked: PickedFields, names: string[]) => {
  if (!picked.own) return (rows: Row[]) => rows;
  const wanted = new Set([...picked.own, ...names]);
  return (rows: Row[]) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => wanted.has(key))));
};

/** The alias prefix of populated relation `index`'s columns in a one-statement read. */
const relationPrefix = (index: number) => `__p${index}__`;

/**
 * Reads `inner` (a statement answering an entity's select list, on alias `e`) with its relations
 * in the same statement: one `left join lateral` per relation, each carrying the target's tenancy
 * condition exactly as `populateRows` does (a related row outside it stays a bare id), the target's
 * columns under a prefix so that they pass the same type parsers as the row itself. One round
 * trip instead of one per relation.
 */
const withRelations = (
  entity: EntityDef,
  scope: Scope,
  inner: Sql,
  names: string[],
  order: Sql,
  picked: PickedFields = ALL_FIELDS,
): { statement: Sql; nest: (rows: Row[]) => Row[]; from: Sql; json: JsonRelation[] } => {
  const relations = names.flatMap((name) => {
    const relation = own(entity.populate, name);
    if (!relation) return [];
    const target = relation.target();
    const only = picked.relations.get(name);
    // The target's own order, so both ways of writing the row give the same keys in the same order.
    const fields: [string, FieldDef][] = Object.entries(target.fields).filter(
      ([key]) => !only || key === 'id' || only.includes(key),
    );
    return [{ name, field: relation.field, target, fields }];
  });
  const json = relations.map(({ name, fields }, index) => ({
    name,
    fields,
    alias: `p${index}`,
    prefix: relationPrefix(index),
  }));
  const keep = keepOnly(picked, names);
  if (relations.length === 0) return { statement: sql`${inner} ${order}`, nest: keep, from: sql`(${inner}) r`, json };
  const joins = relations.map(({ field, target, fields }, index) => {
    const prefix = relationPrefix(index);
    const columns = sql.raw(fields.map(([name, def]) => `${columnOf(name, def)} as "${prefix}${name}"`).join(', '));
    // Only tenancy, not the target's baseCondition: a soft-deleted plan still shows on its subscriptions.
    const conditions = [
      sql`e.id = r.${sql.raw(`"${field}"`)}`,
      ...readConditions({ ...target, baseCondition: undefined }, scope),
    ];
    return sql`left join lateral (select ${columns} from ${sql.raw(target.table)} e where ${sql.join(conditions, ' and ')}) ${sql.raw(`p${index}`)} on true`;
  });
  const from = sql`(${inner}) r ${sql.join(joins, ' ')}`;
  const statement = sql`select * from ${from} ${order}`;
  // The column names are the same in every row: worked out once per statement, not per row.
  const parts = relations.map(({ name, field, fields }, index) => {
    const keys = fields.map(([key]) => key);
    return {
      name,
      field,
      keys,
      columns: keys.map((key) => `${relationPrefix(index)}${key}`),
      idColumn: `${relationPrefix(index)}id`,
    };
  });
  const nest = (rows: Row[]) => {
    const own = rows.length ? Object.keys(rows[0]).filter((key) => !key.startsWith('__p')) : [];
    return rows.map((joined) => {
      const row: Row = {};
      for (const key of own) row[key] = joined[key];
      for (const part of parts) {
        const id = row[part.field];
        if (typeof id !== 'string') continue;
        if (joined[part.idColumn] === null || joined[part.idColumn] === undefined) {
          row[part.name] = id;
          continue;
        }
        const related: Row = {};
        for (let index = 0; index < part.keys.length; index++) related[part.keys[index]] = joined[part.columns[index]];
        row[part.name] = related;
      }
      return row;
    });
  };
  return { statement, nest: (rows) => keep(nest(rows)), from, json };
};

/** The order of a list on the outer alias `r` of a one-statement read (the inner page is already ordered and limited). */
const outerSort = (request: ListRequest): string => {
  const direction = request.sort.descending ? 'desc' : 'asc';
  const tieBreak = request.sort.field === 'id' ? '' : `, r."id" ${direction}`;
  return `r."${request.sort.field}" ${direction}${tieBreak}`;
};
const outerOrder = (request: ListRequest): Sql => sql.raw(`order by ${outerSort(request)}`);

/** One page of an entity, filtered, sorted, scoped and populated, in one statement. */
export const listEntity = async <E extends EntityDef>(
  db: Queryable,
  entity: E,
  scope: Scope,
  query: TListQuery,
): Promise<RowOf<E>[]> => {
  const { request, inner, plan, picked } = await pageOf(db, entity, scope, query);
  if (request.populate.length === 0) return keepOnly(picked, [])(await db.query(plan(inner))) as RowOf<E>[];
  const { statement, nest } = withRelations(entity, scope, inner, request.populate, outerOrder(request), picked);
  return nest(await db.query(plan(statement))) as RowOf<E>[];
};

/** The statement of one page (without relations) and how it may be planned. */
const pageOf = async (db: Queryable, entity: EntityDef, scope: Scope, query: TListQuery) => {
  const request = parseListQuery(entity, query);
  const picked = parsePickedFields(entity, query._fields, request.populate);
  const where = await whereClause(db, entity, scope, request);
  // The page size is part of the text (a whole number from 1 to the cap, so a few shapes): a generic
  // plan that does not know it assumes a tenth of the table and hashes every related row instead of
  // looking 25 up by key (docs/decisions.md, "Prepared list and count statements"). The first page
  // has no offset at all: a generic plan with an offset parameter assumes it skips a tenth of the
  // matching rows, an estimate that grows with the table.
  const offset = request.skip > 0 ? sql` offset ${request.skip}` : sql.empty;
  const columns = selectList(entity, innerFields(entity, picked, request.populate, request.sort.field));
  const inner = sql`select ${columns} from ${sql.raw(entity.table)} e ${where} ${orderClause(request)} limit ${sql.raw(String(Math.trunc(request.limit)))}${offset}`;
  const plan = genericPlanSafe(entity, scope, request) ? withGenericPlan : (statement: Sql) => statement;
  return { request, inner, plan, picked };
};

/**
 * The same page as `listEntity`, written as JSON by the database (query/json-rows.sql.ts), or
 * undefined for an entity whose rows it cannot write (then `listEntity` answers).
 */
export const listEntityJson = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  query: TListQuery,
): Promise<string | undefined> => {
  const { request, inner, plan, picked } = await pageOf(db, entity, scope, query);
  const { from, json } = withRelations(entity, scope, inner, request.populate, sql.empty, picked);
  if (!jsonWritable(entity, json)) return undefined;
  const order = outerSort(request);
  const [row] = await db.query<{ body: string }>(
    plan(
      // The sorted page's rows, aggregated in that order (the subquery's order reaches the aggregate above it).
      sql`select coalesce(json_agg(j), '[]')::text as body from (select ${sql.raw(rowColumns(entity, json, picked.own))} from ${from} order by ${sql.raw(order)}) j`,
    ),
  );
  return row.body;
};

/**
 * The number of rows the same filters match (paging keys are ignored): from the entity's daily
 * rollup where the filters allow (exact, never estimated), otherwise from the index.
 */
export const countEntity = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  query: TListQuery,
  options: { useRollup?: boolean } = {},
): Promise<number> => {
  // The rollups hold live rows only (migration 0116): a test-mode count reads its (few) rows.
  if (entity.rollup && options.useRollup !== false && !(entity.moded && modeOf(scope) === 'test')) {
    const fromRollup = await countFromRollup(db, entity, entity.rollup, scope, query);
    if (fromRollup !== null) return fromRollup;
  }
  const request = parseListQuery(entity, query);
  const where = await whereClause(db, entity, scope, request);
  const statement = sql`select count(*)::int as count from ${sql.raw(entity.table)} e ${where}`;
  const [row] = await db.query<{ count: number }>(
    genericPlanSafe(entity, scope, request) ? withGenericPlan(statement) : statement,
  );
  return row.count;
};

/**
 * One row by id; another tenant's id answers 404 exactly like an unknown id. `at` names the input
 * the id came from (`body.customer`, `params.id`), so the 404 points at that field.
 */
export const getEntity = async <E extends EntityDef>(
  db: Queryable,
  entity: E,
  scope: Scope,
  id: string,
  query: TListQuery = {},
  at?: string,
): Promise<RowOf<E>> => {
  const { statement, nest } = byIdOf(entity, scope, id, query);
  // By primary key (and relations by theirs): the same plan for every id.
  const rows = nest(await db.query(entity.genericPlans ? withGenericPlan(statement) : statement));
  if (rows.length === 0) throw notFoundOf(entity, at);
  return rows[0] as RowOf<E>;
};

const byIdOf = (entity: EntityDef, scope: Scope, id: string, query: TListQuery) => {
  const request = parseListQuery(entity, { _populate: query._populate ?? '' });
  const picked = parsePickedFields(entity, query._fields, request.populate);
  const conditions = [sql`e.id = ${id}`, ...readConditions(entity, scope)];
  const columns = selectList(entity, innerFields(entity, picked, request.populate));
  const read = withRelations(
    entity,
    scope,
    sql`select ${columns} from ${sql.raw(entity.table)} e where ${sql.join(conditions, ' and ')}`,
    request.populate,
    sql.empty,
    picked,
  );
  return { ...read, picked };
};

/**
 * The same row as `getEntity`, written as JSON by the database (query/json-rows.sql.ts), or
 * undefined for an entity whose rows it cannot write (then `getEntity` answers).
 */
export const getEntityJson = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  id: string,
  query: TListQuery = {},
): Promise<string | undefined> => {
  const { from, json, picked } = byIdOf(entity, scope, id, query);
  if (!jsonWritable(entity, json)) return undefined;
  const statement = sql`select row_to_json(j)::text as body from (select ${sql.raw(rowColumns(entity, json, picked.own))} from ${from}) j`;
  const [row] = await db.query<{ body: string }>(entity.genericPlans ? withGenericPlan(statement) : statement);
  if (!row) throw notFoundOf(entity);
  return row.body;
};

/** The 404 of a row that does not exist or lies outside the actor's tenancy: one answer for both. */
const notFoundOf = (entity: EntityDef, at?: string) => {
  if (!at) return notFound(entity.name);
  const what = entity.name.replace(/_/g, ' ');
  return notFoundAt(at, what.charAt(0).toUpperCase() + what.slice(1));
};

/** The columns that say who owns a merchant-tenancy row. */
export type OwnedRow = { id: string; organisation_id: string; merchant_id: string | null };
const OWNER_COLUMNS = ['id', 'organisation_id', 'merchant_id'] as const;

/**
 * The stored row behind an id a request names at `at` (`body.customer`, `params.id`), read under
 * the same tenancy and entity condition as getEntity, but as table columns: by default who owns
 * it (`merchant_id`, which the entity's row may not expose), plus `columns`. An unknown and a
 * foreign id answer the same 404 naming `at`; `lock` holds the row until the transaction ends.
 */
export const getOwnedRow = async <R extends OwnedRow = OwnedRow>(
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  id: string,
  at: string,
  options: { columns?: readonly string[]; lock?: boolean } = {},
): Promise<R> => {
  const select = sql.raw([...OWNER_COLUMNS, ...(options.columns ?? [])].map((column) => `e.${column}`).join(', '));
  const conditions = [sql`e.id = ${id}`, ...rowConditions(entity, scope)];
  const [row] = await db.query<R>(
    sql`select ${select} from ${sql.raw(entity.table)} e where ${sql.join(conditions, ' and ')}${options.lock ? sql` for update` : sql.empty}`,
  );
  if (!row) throw notFoundOf(entity, at);
  return row;
};

/** The sort value of a row as text, so a keyset page continues exactly (timestamps keep their microseconds). */
const SORT_KEY = '__sort_key';
const KEY_TYPES: Partial<Record<FieldType, string>> = {
  id: 'text',
  text: 'text',
  int: 'numeric',
  number: 'numeric',
  timestamp: 'timestamptz',
  date: 'date',
  bool: 'boolean',
};

/**
 * The rows that come after `last` in the request's order (`sort, id`, nulls first when
 * descending and last when ascending, as PostgreSQL orders them by default).
 */
const keysetAfter = (entity: EntityDef, request: ListRequest, last: Row): Sql => {
  const { field, column, descending } = request.sort;
  const id = last.id;
  if (field === 'id') return descending ? sql`e.id < ${id}` : sql`e.id > ${id}`;
  const sorted = sql.raw(column);
  const key = last[SORT_KEY];
  if (key === null || key === undefined)
    return descending ? sql`(${sorted} is not null or e.id < ${id})` : sql`(${sorted} is null and e.id > ${id})`;
  const typed = sql`cast(${key} as ${sql.raw(KEY_TYPES[entity.fields[field].type] ?? 'text')})`;
  return descending
    ? sql`(${sorted}, e.id) < (${typed}, ${id})`
    : sql`((${sorted}, e.id) > (${typed}, ${id}) or ${sorted} is null)`;
};

/**
 * All rows the filters match (exports), as one statement for a cursor and as keyset pages;
 * paging keys are ignored. `fields` narrows the columns (the id and sort field are always read).
 */
export const streamQuery = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  query: TListQuery,
  fields?: readonly string[],
): Promise<{ pages: Pages; populate: string[] }> => {
  const { _limit: _ignoredLimit, _skip: _ignoredSkip, ...filters } = query;
  const request = parseListQuery(entity, filters);
  const conditions = await conditionsOf(db, entity, scope, request);
  const { field, column } = request.sort;
  const columns = selectList(entity, fields && [...fields, field]);
  const select = field === 'id' ? columns : sql`${columns}, (${sql.raw(column)})::text as "${sql.raw(SORT_KEY)}"`;
  const statement = (extra: Sql[], limit?: number) =>
    sql`select ${select} from ${sql.raw(entity.table)} e ${whereOf([...conditions, ...extra])} ${orderClause(request)}${limit ? sql` limit ${limit}` : sql.empty}`;
  return {
    pages: {
      all: statement([]),
      page: (after, limit) => statement(after ? [keysetAfter(entity, request, after)] : [], limit),
    },
    populate: request.populate,
  };
};
