import type { z } from 'zod';
import type { Sql } from '../plugins/db/index.ts';

export type FieldType = 'id' | 'text' | 'int' | 'bool' | 'timestamp' | 'date' | 'text[]' | 'json' | 'number';

export type FieldDef = {
  type: FieldType;
  /** SQL expression on alias `e`; defaults to `e.<field name>`. Written by code, never by a user. */
  column?: string;
  filter?: boolean;
  sort?: boolean;
  /** Free-text search: exact (ids), prefix (case-insensitive, index-friendly), or a subquery. */
  search?: 'exact' | 'prefix' | ((term: string) => Sql);
  /** Allowed values for filters (status vocabularies, products). */
  values?: readonly string[];
};

export type PopulateDef = {
  /** Field on this entity holding the related id. */
  field: string;
  target: () => EntityDef;
};

/**
 * How rows of an entity belong to a tenant:
 * - merchant: organisation_id + merchant_id columns;
 * - organisation: the organisation table itself (scoped by the path of the tree);
 * - shared: provider-owned rows every signed-in role holder may read (processors, middleware);
 * - member: rows that belong to one organisation through organisation_id only (users), scoped
 *   by that organisation's place in the tree.
 */
export type Tenancy = 'merchant' | 'organisation' | 'shared' | 'member';

export type EntityDef<Row extends z.ZodObject = z.ZodObject> = {
  name: string;
  /** The table read as alias `e`, or a parenthesised select (columns the table lacks, e.g. merchant revenue). */
  table: string;
  tenancy: Tenancy;
  /** The zod schema of a row as the API answers it (packages/domain/src/rows): response, OpenAPI, web types. */
  row: Row;
  fields: Record<string, FieldDef>;
  populate?: Record<string, PopulateDef>;
  /** Filters that are not plain fields, e.g. the transaction list `type`. */
  virtualFilters?: Record<string, { values?: readonly string[]; toSql: (value: string) => Sql }>;
  /** A condition every query of this entity carries (e.g. only payment links of one kind). */
  baseCondition?: Sql;
  /** A per-day rollup table that can answer counts exactly (query/rollup-count.ts). */
  rollup?: RollupDef;
  /**
   * The table has `(merchant_id, created_at desc, id desc)` and `(created_at desc, id desc)`
   * indexes (and its populated relations are read by primary key), so a page filtered only by
   * `created_at` may keep one generic plan (query/prepared.ts); checked with EXPLAIN per entity.
   */
  genericPlans?: boolean;
  /**
   * Payment-side rows (test mode, issue 38): the table has a `mode` column ('live' | 'test') and every
   * read carries the request's mode (query/where.ts `rowConditions`); inserts set it from the actor.
   */
  moded?: boolean;
  /** A condition only provider staff's reads carry (scope `all`): `EVERY_MERCHANT` (query/where.ts) for refunds, chargebacks and customers. */
  providerCondition?: Sql;
  /**
   * Merchant configuration that applies below where it is made (rulesets, tags): reads by a
   * sub-organisation's user, and the `organisation` filter, also take the rows of the organisations
   * above it inside its merchant. Writes do not (query/write.ts locks and references use
   * `rowConditions`): those rows stay read-only for whoever is below them.
   */
  readsAncestors?: boolean;
};

/** A row of an entity as the repository reads it (timestamps as Dates). */
export type RowOf<E extends EntityDef> = z.output<E['row']>;

type FieldsOf<Row extends z.ZodObject> = { [K in keyof Row['shape']]: FieldDef };

/**
 * Declares an entity tied to its row schema: `fields` must name exactly the keys of `row` (a
 * type error when one is missing or extra, and `registerReadRoutes` checks again at start-up),
 * so the SQL select list, the response schema, OpenAPI and the web's types cannot drift apart.
 */
export const defineEntity = <Row extends z.ZodObject, const F extends FieldsOf<Row>>(
  row: Row,
  def: Omit<EntityDef<Row>, 'row' | 'fields' | 'populate'> & {
    fields: F & Record<Exclude<keyof F, keyof Row['shape']>, never>;
    populate?: Partial<Record<keyof Row['shape'] & string, PopulateDef>>;
  },
): EntityDef<Row> => ({
  ...def,
  row,
  fields: def.fields,
  populate: def.populate as Record<string, PopulateDef> | undefined,
});

/** Names in which an entity's declared fields and its row schema differ (none when they agree). */
export const fieldDrift = (entity: EntityDef): string[] => {
  const fields = Object.keys(entity.fields);
  const keys = Object.keys(entity.row.shape);
  return [...fields.filter((f) => !keys.includes(f)), ...keys.filter((k) => !fields.includes(k))];
};

export type RollupDef = {
  table: string;
  /** The timestamp field whose UTC day is the rollup's `day`. */
  timeField: string;
  /** Entity fields the rollup has as dimensions, with their rollup column on alias `e`. */
  dimensions: Record<string, string>;
  /** Virtual filters expressed on the rollup; a filter not listed here makes it ineligible. */
  virtualFilters?: Record<string, (value: string) => Sql>;
  /**
   * A narrower rollup of the same rows, per local day of `zone` (fewer dimensions, so far fewer
   * rows per day), used when the filters name nothing it lacks: the transactions screen's first
   * count sums 30 rows for a merchant's month there instead of a few thousand.
   */
  totals?: Omit<RollupDef, 'timeField' | 'totals'> & { zone: string };
  /** The same dimensions per UTC hour (column `hour`): the whole hours of a partial day at an end of the range. */
  hourly?: string;
};

export const columnOf = (name: string, field: FieldDef): string => field.column ?? `e.${name}`;

/**
 * `record[key]` only when `key` is the record's own: user input names fields, and `constructor`,
 * `__proto__` or `toString` must be unknown names (400), never inherited functions.
 */
export const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
