import { createHash } from 'node:crypto';
import { sql, type Sql } from '../plugins/db/index.ts';
import type { EntityDef } from './entity.ts';
import type { ListRequest } from './parse.ts';
import type { Scope } from './scope.ts';

/**
 * The most statement shapes the query layer prepares per process; later shapes run unprepared.
 * A shape is one text: entity, populate, page size and tenancy kind (every value is a
 * parameter), so the screens use a few dozen; the cap bounds what each database connection keeps.
 */
export const MAX_PREPARED_SHAPES = 200;

const names = new Map<string, string>();

/**
 * Whether a read of `entity` may run with one generic plan (made without the values and kept per
 * connection) instead of being planned on every request: only for entities that declare the
 * indexes (`genericPlans`), a caller scoped to one merchant or to everything (a set of
 * organisations is an array whose length the plan cannot know), and a request filtered by nothing
 * but `created_at` bounds and sorted by it. Measured on 1,000,000 transactions, a generic plan of
 * any other shape can be a hundred times slower for some values than the plan for those values
 * (docs/decisions.md, "Prepared list and count statements").
 */
export const genericPlanSafe = (entity: EntityDef, scope: Scope, request: ListRequest): boolean =>
  Boolean(entity.genericPlans) && scope.kind !== 'orgs' && request.timeOrderedOnly && !request.organisation;

/** A name derived from the statement's text, or none once the process has named as many shapes as it may. */
const nameOf = (statement: Sql): string | undefined => {
  let name = names.get(statement.text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED_SHAPES) return undefined;
    name = `kq_${createHash('sha1').update(statement.text).digest('base64url').slice(0, 22)}`;
    names.set(statement.text, name);
  }
  return name;
};

/**
 * The statement under a name derived from its text, planned once per connection with a generic
 * plan (plugins/db/postgres.ts). Only for statements `genericPlanSafe` allows; PGlite ignores it.
 */
export const withGenericPlan = (statement: Sql): Sql => {
  const name = nameOf(statement);
  return name ? sql.prepared(name, statement, 'generic') : statement;
};

/**
 * The statement under a name derived from its text, so each connection parses it once and later
 * executions send only the values; PostgreSQL chooses per execution between a plan for the values
 * and the generic one (its default `plan_cache_mode`). For long statements of a few shapes: the
 * dashboard's achievements sent its 7.6 KB text with every request (a third of the API's CPU for
 * that call was the socket write) and was planned anew each time (1.9 ms of its 6 ms).
 */
export const named = (statement: Sql): Sql => {
  const name = nameOf(statement);
  return name ? sql.prepared(name, statement) : statement;
};
