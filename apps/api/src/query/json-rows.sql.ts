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

/** `json_build_object` takes at most 100 arguments: 50 keys. */
const MAX_KEYS = 50;

/** One value as JSON; `column` is SQL text chosen by code. */
const jsonValue = (type: FieldType, column: string): string => {
  if (type === 'timestamp') return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (type === 'date') return `to_char(${column}, 'YYYY-MM-DD"T00:00:00.000Z"')`;
  return column;
};

const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;

const object = (pairs: [string, string][]) =>
  `json_build_object(${pairs.map(([key, value]) => `${quoted(key)}, ${value}`).join(', ')})`;

/** A relation populated from the lateral join `alias`, whose columns (`fields` of the target) carry `prefix`. */
export type JsonRelation = { name: string; fields: [string, FieldDef][]; alias: string; prefix: string };

/**
 * Whether an entity's rows can be written by the database: every object within the argument
 * limit, and every populated relation replacing the id field of its own name (as `nest` does).
 */
export const jsonWritable = (entity: EntityDef, relations: JsonRelation[]): boolean =>
  Object.keys(entity.fields).length <= MAX_KEYS &&
  relations.every(({ name, fields }) => Object.hasOwn(entity.fields, name) && fields.length <= MAX_KEYS);

/**
 * One row as a JSON object, from the outer alias `r` of a one-statement read: the entity's own
 * columns, and each populated relation as its object, or the bare id when the related row lies
 * outside the actor's tenancy (its lateral join found nothing), or null without an id.
 */
export const rowJson = (entity: EntityDef, relations: JsonRelation[]): string =>
  object(
    Object.entries(entity.fields).map(([name, field]) => {
      const own = jsonValue(field.type, `r."${name}"`);
      const relation = relations.find((candidate) => candidate.name === name);
      if (!relation) return [name, own];
      const related = object(
        relation.fields.map(([key, def]) => [key, jsonValue(def.type, `${relation.alias}."${relation.prefix}${key}"`)]),
      );
      return [
        name,
        `case when ${relation.alias}."${relation.prefix}id" is null then to_json(${own}) else ${related} end`,
      ];
    }),
  );
