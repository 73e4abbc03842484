import { sql, type Queryable } from '../../plugins/db/index.ts';

/** Ids of transactions in one of `statuses` whose last change is before `cutoff`, oldest first. */
export const dueTransactions = async (db: Queryable, statuses: readonly string[], cutoff: Date, limit: number): Promise<string[]> =>
  (await db.query<{ id: string }>(sql`select id from transaction where status = any(${statuses as string[]}) and updated_at < ${cutoff}
    order by updated_at limit ${limit}`)).map((row) => row.id);

/**
 * Locks one transaction if it is still due; one another worker holds is skipped (that worker
 * moves it), and one that moved on since it was listed is not returned.
 */
export const lockDueTransaction = async (tx: Queryable, id: string, statuses: readonly string[], cutoff: Date) =>
  (await tx.query<{ id: string; status: string; amount: number }>(sql`select id, status, amount from transaction
    where id = ${id} and status = any(${statuses as string[]}) and updated_at < ${cutoff} for update skip locked`))[0];
