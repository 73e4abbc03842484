import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

/** Locks a bank account of the actor's tenancy for an edit; false when there is none. */
export const lockOwnBankAccount = async (tx: Queryable, id: string, scope: Scope): Promise<boolean> =>
  (await tx.query(sql`select e.id from bank_account e where e.id = ${id} ${scopedAnd(scope)} for update`)).length > 0;
