import type { EntityDef, FieldDef, FieldType } from './entity.ts';

/**
 * Rows as the database writes them in JSON, exactly as the serializer would write the rows the
 * query layer builds in JavaScript: the same keys in the same order, timestamps as
 * `toISOString()` gives them (UTC, milliseconds, `Z`), dates as midnight UTC, numbers, booleans,
 * arrays and JSON documents as they are. A list then reaches the client without being parsed
 * into objects, nested and stringified again by the server (docs/decisions.md, "Lists written
 * as JSON by the database"). Development and tests build both and compare every answer
 * (query/routes.ts), so the two cannot drift.
 */

/** `json_build_object` takes at most 100 arguments: 50 keys (a populated relation's object). */
const MAX_KEYS = 50;

/** One value as JSON; `column` is SQL text chosen by code. */
const jsonValue = (type: FieldType, column: string): string => {
  if (type === 'timestamp') return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (type === 'date') return `to_char(${column}, 'YYYY-MM-DD"T00:00:00.000Z"')`;
  return column;
};

const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

const object = (pairs: [string, string][]) =>
  `json_build_object(${pairs.map(([key, value]) => `${quoted(key)}, ${value}`).join(', ')})`;

/** A relation populated from the lateral join `alias`, whose columns (`fields` of the target) carry `prefix`. */
export type JsonRelation = { name: string; fields: [string, FieldDef][]; alias: string; prefix: string };

/**
 * Whether an entity's rows can be written by the database: every populated relation within the
 * argument limit of its object, and replacing the id field of its own name (as `nest` does).
 */
export const jsonWritable = (entity: EntityDef, relations: JsonRelation[]): boolean =>
  relations.every(({ name, fields }) => Object.hasOwn(entity.fields, name) && fields.length <= MAX_KEYS);

/**
 * One row's values as JSON-ready columns named by their keys, from the outer alias `r` of a
 * one-statement read: the entity's own columns, and each populated relation as its object, or the
 * bare id when the related row lies outside the actor's tenancy (its lateral join found nothing),
 * or null without an id; `only` narrows the own fields (`_fields`). The caller writes the row of these columns as one object
 * (`row_to_json`, `json_agg`), which PostgreSQL does with about a quarter less work than
 * `json_build_object` with a key and a value per field (36 against 47 ms for 5,000 transactions).
 */
export const rowColumns = (entity: EntityDef, relations: JsonRelation[], only?: readonly string[]): string =>
  Object.entries(entity.fields)
    .filter(([name]) => !only || only.includes(name))
    .map(([name, field]) => {
      const own = jsonValue(field.type, `r."${name}"`);
      const relation = relations.find((candidate) => candidate.name === name);
      if (!relation) return `${own} as ${identifier(name)}`;
      const related = object(
        relation.fields.map(([key, def]) => [key, jsonValue(def.type, `${relation.alias}."${relation.prefix}${key}"`)]),
      );
      return `case when ${relation.alias}."${relation.prefix}id" is null then to_json(${own}) else ${related} end as ${identifier(name)}`;
    })
    .join(', ');
