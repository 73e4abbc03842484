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

export type EntityDef = {
  name: string;
  table: string;
  tenancy: Tenancy;
  fields: Record<string, FieldDef>;
  populate?: Record<string, PopulateDef>;
  /** Filters that are not plain fields, e.g. the transaction list `type`. */
  virtualFilters?: Record<string, { values?: readonly string[]; toSql: (value: string) => Sql }>;
  /** A condition every query of this entity carries (e.g. only payment links of one kind). */
  baseCondition?: Sql;
  /** A per-day rollup table that can answer counts exactly (query/rollup-count.ts). */
  rollup?: RollupDef;
};

export type RollupDef = {
  table: string;
  /** The timestamp field whose UTC day is the rollup's `day`. */
  timeField: string;
  /** Entity fields the rollup has as dimensions, with their rollup column on alias `e`. */
  dimensions: Record<string, string>;
  /** Virtual filters expressed on the rollup; a filter not listed here makes it ineligible. */
  virtualFilters?: Record<string, (value: string) => Sql>;
};

export const columnOf = (name: string, field: FieldDef): string => field.column ?? `e.${name}`;
