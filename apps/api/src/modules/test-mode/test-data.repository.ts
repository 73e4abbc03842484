import { sql, type Queryable } from '../../plugins/db/index.ts';

/**
 * Deleting an organisation subtree's test rows (test mode, issue 38), table by table in an order
 * that leaves no reference dangling: each payment-side table with the rows of other tables that
 * hang on its rows (and have no mode of their own). Never a live row: every delete starts from
 * `mode = 'test'` rows of the subtree.
 */
type Step = { table: string; children: { table: string; column: string }[] };
const STEPS: readonly Step[] = [
  { table: 'webhook', children: [{ table: 'webhook_attempt', column: 'webhook_id' }] },
  { table: 'report', children: [{ table: 'report_chunk', column: 'report_id' }] },
  { table: 'report_schedule', children: [] },
  { table: 'import_job', children: [] },
  { table: 'refund', children: [{ table: 'status_update', column: 'refund_id' }] },
  { table: 'dispute_evidence', children: [] },
  { table: 'chargeback', children: [] },
  { table: 'review_case', children: [] },
  { table: 'scheduled_transaction', children: [] },
  { table: 'payment_link', children: [{ table: 'checkout_session', column: 'payment_link_id' }] },
  {
    table: 'transaction',
    children: [
      { table: 'checkout_session', column: 'transaction_id' },
      { table: 'status_update', column: 'transaction_id' },
      { table: 'subscription_cycle_charge', column: 'transaction_id' },
    ],
  },
  { table: 'subscription', children: [{ table: 'subscription_cycle_charge', column: 'subscription_id' }] },
  { table: 'card_add_link', children: [] },
  { table: 'customer', children: [] },
  { table: 'payout', children: [] },
  { table: 'settlement_item', children: [] },
  { table: 'settlement', children: [] },
];
export const TEST_DATA_TABLES = STEPS.map((step) => step.table);

/**
 * Deletes up to `batch` test rows of one table (and what hangs on them) in the subtree at `path`;
 * answers how many it deleted (0: the table is done).
 */
export const deleteTestBatch = async (tx: Queryable, table: string, path: string, batch: number): Promise<number> => {
  const step = STEPS.find((s) => s.table === table);
  if (!step) throw new Error(`deleteTestBatch: unknown table ${table}`);
  const ids = (
    await tx.query<{ id: string }>(
      sql`select e.id from ${sql.raw(step.table)} e where e.mode = 'test'
        and e.organisation_id in (select o.id from organisation o where o.path like ${`${path}%`})
        order by e.id limit ${batch} for update`,
    )
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  for (const child of step.children)
    await tx.query(sql`delete from ${sql.raw(child.table)} where ${sql.raw(child.column)} = any(${ids})`);
  await tx.query(sql`delete from ${sql.raw(step.table)} where id = any(${ids}) and mode = 'test'`);
  return ids.length;
};

/** The queued or running deletion job of this organisation, if any. */
export const findDeletionJob = async (db: Queryable, uniqueKey: string) =>
  (
    await db.query<{ id: number; status: 'queued' | 'running' | 'done' | 'failed' }>(
      sql`select id, status from job where unique_key = ${uniqueKey} order by id desc limit 1`,
    )
  )[0];
