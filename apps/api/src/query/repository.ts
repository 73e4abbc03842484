import type { TListQuery } from '@kassa/domain';
import { notFound } from '../lib/http-error.ts';
import { sql, type Queryable, type Row, type Sql } from '../plugins/db/index.ts';
import { columnOf, type EntityDef } from './entity.ts';
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

export const whereClause = async (db: Queryable, entity: EntityDef, scope: Scope, request: ListRequest, extra: Sql[] = []): Promise<Sql> => {
  const conditions = [...request.conditions, ...extra];
  const scoped = scopeCondition(scope, entity.tenancy);
  if (scoped) conditions.push(scoped);
  if (entity.baseCondition) conditions.push(entity.baseCondition);
  if (request.organisation) conditions.push(await organisationCondition(db, entity, request.organisation));
  return conditions.length ? sql`where ${sql.join(conditions, ' and ')}` : sql.empty;
};

const orderClause = (request: ListRequest): Sql => {
  const direction = request.sort.descending ? 'desc' : 'asc';
  const tieBreak = request.sort.field === 'id' ? '' : `, e.id ${direction}`;
  // PostgreSQL's default null order (first when descending) matches the indexes, so a sorted
  // page is read straight off an index instead of sorting every matching row.
  return sql.raw(`order by ${request.sort.column} ${direction}${tieBreak}`);
};

/** Replaces relation ids by the related objects, one query per relation (never one per row). */
export const populateRows = async (db: Queryable, entity: EntityDef, rows: Row[], names: string[]): Promise<Row[]> => {
  for (const name of names) {
    const relation = entity.populate?.[name];
    if (!relation) continue;
    const target = relation.target();
    const ids = [...new Set(rows.map((row) => row[relation.field]).filter((id): id is string => typeof id === 'string'))];
    if (ids.length === 0) continue;
    const related = await db.query(sql`select ${selectList(target)} from ${sql.raw(target.table)} e where e.id = any(${ids})`);
    const byId = new Map(related.map((row) => [row.id as string, row]));
    for (const row of rows) {
      const id = row[relation.field];
      if (typeof id === 'string') row[name] = byId.get(id) ?? id;
    }
  }
  return rows;
};

/** One page of an entity, filtered, sorted, scoped and populated. */
export const listEntity = async (db: Queryable, entity: EntityDef, scope: Scope, query: TListQuery): Promise<Row[]> => {
  const request = parseListQuery(entity, query);
  const where = await whereClause(db, entity, scope, request);
  const rows = await db.query(
    sql`select ${selectList(entity)} from ${sql.raw(entity.table)} e ${where} ${orderClause(request)} limit ${request.limit} offset ${request.skip}`,
  );
  return populateRows(db, entity, rows, request.populate);
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

/** One row by id; another tenant's id answers 404 exactly like an unknown id. */
export const getEntity = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  id: string,
  query: TListQuery = {},
): Promise<Row> => {
  const request = parseListQuery(entity, { _populate: query._populate ?? '' });
  const scoped = scopeCondition(scope, entity.tenancy);
  const conditions = [sql`e.id = ${id}`, ...(scoped ? [scoped] : []), ...(entity.baseCondition ? [entity.baseCondition] : [])];
  const rows = await db.query(sql`select ${selectList(entity)} from ${sql.raw(entity.table)} e where ${sql.join(conditions, ' and ')}`);
  if (rows.length === 0) throw notFound(entity.name);
  return (await populateRows(db, entity, rows, request.populate))[0];
};

/** All rows the filters match, in batches from a cursor (exports); paging keys are ignored. */
export const streamQuery = async (
  db: Queryable,
  entity: EntityDef,
  scope: Scope,
  query: TListQuery,
  fields?: readonly string[],
): Promise<{ statement: Sql; populate: string[] }> => {
  const { _limit: _ignoredLimit, _skip: _ignoredSkip, ...filters } = query;
  const request = parseListQuery(entity, filters);
  const where = await whereClause(db, entity, scope, request);
  return {
    statement: sql`select ${selectList(entity, fields)} from ${sql.raw(entity.table)} e ${where} ${orderClause(request)}`,
    populate: request.populate,
  };
};
