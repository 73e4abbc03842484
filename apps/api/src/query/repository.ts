import type { TListQuery } from '@kassa/domain';
import { notFound, notFoundAt } from '../lib/http-error.ts';
import { sql, type Pages, type Queryable, type Row, type Sql } from '../plugins/db/index.ts';
import { columnOf, own, type EntityDef, type FieldType, type RowOf } from './entity.ts';
import { parseListQuery, type ListRequest } from './parse.ts';
import { countFromRollup } from './rollup-count.ts';
import { scopeCondition, type Scope } from './scope.ts';

/** The select list of an entity's fields; `only` narrows it (exports select just their columns). */
const selectList = (entity: EntityDef, only?: readonly string[]): Sql =>
  sql.raw(
    Object.entries(entity.fields)
      .filter(([name]) => !only || name === 'id' || only.includes(name))
      .map(([name, field]) => `${columnOf(name, field)} as "${name}"`)
      .join(', '),
  );

/** The `organisation` filter matches the organisation's whole subtree. */
const organisationCondition = async (db: Queryable, entity: EntityDef, orgId: string): Promise<Sql> => {
  const [org] = await db.query<{ type: string; path: string }>(sql`select type, path from organisation where id = ${orgId}`);
  if (!org) return sql`false`;
  if (entity.tenancy === 'organisation') return sql`e.path like ${`${org.path}%`}`;
  if (entity.tenancy === 'member') return sql`e.organisation_id in (select o.id from organisation o where o.path like ${`${org.path}%`})`;
  if (entity.tenancy === 'shared' || org.type === 'provider') return sql`true`;
  if (org.type === 'merchant') return sql`e.merchant_id = ${orgId}`;
  return sql`e.organisation_id in (select id from organisation where path like ${`${org.path}%`})`;
};

/** Every condition of a request: its filters, the caller's tenancy, the entity's own, the organisation filter. */
const conditionsOf = async (db: Queryable, entity: EntityDef, scope: Scope, request: ListRequest): Promise<Sql[]> => {
  const conditions = [...request.conditions];
  const scoped = scopeCondition(scope, entity.tenancy);
  if (scoped) conditions.push(scoped);
  if (entity.baseCondition) conditions.push(entity.baseCondition);
  if (request.organisation) conditions.push(await organisationCondition(db, entity, request.organisation));
  return conditions;
};

const whereOf = (conditions: Sql[]): Sql => (conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty);

export const whereClause = async (db: Queryable, entity: EntityDef, scope: Scope, request: ListRequest, extra: Sql[] = []): Promise<Sql> =>
  whereOf([...(await conditionsOf(db, entity, scope, request)), ...extra]);

const orderClause = (request: ListRequest): Sql => {
  const direction = request.sort.descending ? 'desc' : 'asc';
  const tieBreak = request.sort.field === 'id' ? '' : `, e.id ${direction}`;
  // PostgreSQL's default null order (first when descending) matches the indexes, so a sorted
  // page is read straight off an index instead of sorting every matching row.
  return sql.raw(`order by ${request.sort.column} ${direction}${tieBreak}`);
};

/**
 * Replaces relation ids by the related objects, one query per relation (never one per row).
 * The related rows pass the caller's tenancy like any other read: one outside it (a
 * sub-organisation's parent) stays a bare id, exactly as `GET` of it would be a 404.
 */
export const populateRows = async (db: Queryable, entity: EntityDef, scope: Scope, rows: Row[], names: string[]): Promise<Row[]> => {
  for (const name of names) {
    const relation = own(entity.populate, name);
    if (!relation) continue;
    const target = relation.target();
    const ids = [...new Set(rows.map((row) => row[relation.field]).filter((id): id is string => typeof id === 'string'))];
    if (ids.length === 0) continue;
    const scoped = scopeCondition(scope, target.tenancy);
    // Only tenancy, not the target's baseCondition: a soft-deleted plan still shows on its subscriptions.
    const related = await db.query(sql`select ${selectList(target)} from ${sql.raw(target.table)} e ${whereOf([sql`e.id = any(${ids})`, ...(scoped ? [scoped] : [])])}`);
    const byId = new Map(related.map((row) => [row.id as string, row]));
    for (const row of rows) {
      const id = row[relation.field];
      if (typeof id === 'string') row[name] = byId.get(id) ?? id;
    }
  }
  return rows;
};

/** One page of an entity, filtered, sorted, scoped and populated. */
export const listEntity = async <E extends EntityDef>(db: Queryable, entity: E, scope: Scope, query: TListQuery): Promise<RowOf<E>[]> => {
  const request = parseListQuery(entity, query);
  const where = await whereClause(db, entity, scope, request);
  const rows = await db.query(
    sql`select ${selectList(entity)} from ${sql.raw(entity.table)} e ${where} ${orderClause(request)} limit ${request.limit} offset ${request.skip}`,
  );
  return (await populateRows(db, entity, scope, rows, request.populate)) as RowOf<E>[];
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
  if (entity.rollup && options.useRollup !== false) {
    const fromRollup = await countFromRollup(db, entity, entity.rollup, scope, query);
    if (fromRollup !== null) return fromRollup;
  }
  const request = parseListQuery(entity, query);
  const where = await whereClause(db, entity, scope, request);
  const [row] = await db.query<{ count: number }>(sql`select count(*)::int as count from ${sql.raw(entity.table)} e ${where}`);
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
  const request = parseListQuery(entity, { _populate: query._populate ?? '' });
  const scoped = scopeCondition(scope, entity.tenancy);
  const conditions = [sql`e.id = ${id}`, ...(scoped ? [scoped] : []), ...(entity.baseCondition ? [entity.baseCondition] : [])];
  const rows = await db.query(sql`select ${selectList(entity)} from ${sql.raw(entity.table)} e where ${sql.join(conditions, ' and ')}`);
  if (rows.length === 0) throw at ? notFoundAt(at, entity.name.replace(/_/g, ' ')) : notFound(entity.name);
  return (await populateRows(db, entity, scope, rows, request.populate))[0] as RowOf<E>;
};

/** The sort value of a row as text, so a keyset page continues exactly (timestamps keep their microseconds). */
const SORT_KEY = '__sort_key';
const KEY_TYPES: Partial<Record<FieldType, string>> = { id: 'text', text: 'text', int: 'numeric', number: 'numeric', timestamp: 'timestamptz', date: 'date', bool: 'boolean' };

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
  if (key === null || key === undefined) return descending ? sql`(${sorted} is not null or e.id < ${id})` : sql`(${sorted} is null and e.id > ${id})`;
  const typed = sql`cast(${key} as ${sql.raw(KEY_TYPES[entity.fields[field].type] ?? 'text')})`;
  return descending ? sql`(${sorted}, e.id) < (${typed}, ${id})` : sql`((${sorted}, e.id) > (${typed}, ${id}) or ${sorted} is null)`;
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
    pages: { all: statement([]), page: (after, limit) => statement(after ? [keysetAfter(entity, request, after)] : [], limit) },
    populate: request.populate,
  };
};
