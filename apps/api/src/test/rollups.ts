import { aggregateOf } from '../db/rollup-sql.ts';
import type { Rollup } from '../db/rollups.ts';
import { sql, type Queryable } from '../plugins/db/index.ts';

/**
 * A rollup's groups that hold something, and an aggregate of its table generated from the same
 * declaration (`aggregateOf`), each as sorted lines: equal when the rollup is exact.
 */
export const heldAndCounted = async (db: Queryable, rollup: Rollup) => {
  const measures = Object.keys(rollup.measures);
  const held = await db.query(
    sql.raw(`select * from ${rollup.table} where ${measures.map((m) => `${m} <> 0`).join(' or ')}`),
  );
  const counted = await db.query(sql.raw(aggregateOf(rollup)));
  const lines = (rows: Record<string, unknown>[]) =>
    rows
      .map((row) =>
        Object.keys(row)
          .sort()
          .map((key) => `${key}=${row[key] instanceof Date ? (row[key] as Date).toISOString() : String(row[key])}`)
          .join(' '),
      )
      .sort();
  return { held: lines(held), counted: lines(counted) };
};
