import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

/** What a finance row must match beyond its id: a pricing scheme's type, a bank account's merchant. */
export type RowCondition = { type?: string; merchantId?: string | null };

const conditionOf = (condition: RowCondition): Sql =>
  sql.join(
    [
      ...(condition.type !== undefined ? [sql`and e.type = ${condition.type}`] : []),
      ...(condition.merchantId !== undefined ? [sql`and e.merchant_id = ${condition.merchantId}`] : []),
    ],
    ' ',
  );

/** True when the referenced row exists (and matches the condition). */
export const referenceExists = async (
  tx: Queryable,
  table: string,
  id: string,
  condition: RowCondition = {},
): Promise<boolean> =>
  (await tx.query(sql`select 1 from ${sql.raw(table)} e where e.id = ${id} ${conditionOf(condition)}`)).length > 0;

/** True when the merchant collects through Kassa (its `collecting` feature): finance is only for those. */
export const merchantCollects = async (tx: Queryable, merchantId: string): Promise<boolean> =>
  (await tx.query(sql`select 1 from organisation where id = ${merchantId} and 'collecting' = any(features)`)).length >
  0;

/** Locks a finance row for an edit; `scope` keeps merchant-owned rows inside the actor's tenancy. */
export const lockFinanceRow = async (
  tx: Queryable,
  table: string,
  id: string,
  scope: Scope | null,
  condition: RowCondition = {},
) =>
  (
    await tx.query<{ merchant_id?: string; status?: string }>(
      sql`select e.* from ${sql.raw(table)} e where e.id = ${id} ${scope ? scopedAnd(scope) : sql.empty} ${conditionOf(condition)} for update`,
    )
  )[0];
