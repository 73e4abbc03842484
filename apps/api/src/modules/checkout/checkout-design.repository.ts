import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

/** Locks a checkout design of the actor's tenancy until the transaction ends; undefined when there is none. */
export const lockCheckoutDesign = async (
  tx: Queryable,
  scope: Scope,
  id: string,
): Promise<{ id: string } | undefined> =>
  (
    await tx.query<{ id: string }>(
      sql`select e.id from checkout_design e where e.id = ${id} ${scopedAnd(scope)} for update`,
    )
  )[0];
