import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';

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
