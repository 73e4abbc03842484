import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

/** A payment profile of this merchant within the actor's tenancy; undefined for an unknown one or another merchant's. */
export const findMerchantPaymentProfile = async (tx: Queryable, scope: Scope, merchantId: string, profileId: string) =>
  (
    await tx.query(
      sql`select e.id from payment_profile e where e.id = ${profileId} and e.merchant_id = ${merchantId} ${scopedAnd(scope)}`,
    )
  )[0];

/** A terminal of the actor's tenancy and its merchant, locked until the transaction ends. */
export const lockTerminal = async (
  tx: Queryable,
  scope: Scope,
  id: string,
): Promise<{ merchant_id: string } | undefined> =>
  (
    await tx.query<{ merchant_id: string }>(
      sql`select e.merchant_id from terminal e where e.id = ${id} ${scopedAnd(scope)} for update`,
    )
  )[0];
