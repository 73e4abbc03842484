import { LIVE_SUBSCRIPTION_STATUSES } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';
import { insertRow } from '../../query/write.repository.ts';

export type DiscountRow = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  name: string;
  type: 'fixed_cents' | 'percentage';
  amount: number;
  duration: number | null;
  minimum_amount: number | null;
  limit_to_first_order: boolean;
};

/** A live discount of the actor's tenancy, row-locked until the transaction ends. */
export const lockDiscount = async (tx: Queryable, scope: Scope, id: string): Promise<DiscountRow | undefined> => {
  const [row] = await tx.query<DiscountRow>(
    sql`select e.* from subscription_discount e where e.id = ${id} and e.deleted_at is null ${scopedAnd(scope)} for update`,
  );
  return row;
};

/** How many running subscriptions carry this discount as their active one. */
export const countLiveAttachments = async (tx: Queryable, discountId: string): Promise<number> => {
  const [row] = await tx.query<{ count: number }>(sql`select count(*)::int as count
    from subscription_discount_attached a join subscription s on s.id = a.subscription_id
    where a.subscription_discount_id = ${discountId} and a.active and s.status = any(${[...LIVE_SUBSCRIPTION_STATUSES]})`);
  return row.count;
};

/** The demo world's discounts (the API writes through query/write.ts). */
export const insertDiscount = (tx: Queryable, values: Record<string, unknown>) =>
  insertRow(tx, 'subscription_discount', values);
