import { sql, type Queryable } from '../../plugins/db/index.ts';

export type ItemState = {
  id: string;
  transaction_id: string;
  organisation_id: string;
  merchant_id: string;
  status: string;
  status_reason: string | null;
  status_history: unknown;
  updated_at: Date;
};

/** The transaction or refund a status update changes, locked until the transaction ends. */
export const lockItem = async (
  db: Queryable,
  type: 'transaction' | 'refund',
  id: string,
): Promise<ItemState | undefined> =>
  (type === 'transaction'
    ? await db.query<ItemState>(sql`select id, id as transaction_id, organisation_id, merchant_id, status, status_reason, status_history, updated_at
        from transaction where id = ${id} for update`)
    : await db.query<ItemState>(sql`select id, transaction_id, organisation_id, merchant_id, status, null as status_reason, null::jsonb as status_history, updated_at
        from refund where id = ${id} for update`))[0];

/** The amount of a transaction, locked while its refunds are recounted. */
export const lockTransactionAmount = async (db: Queryable, id: string): Promise<string> =>
  (await db.query<{ amount: string }>(sql`select amount from transaction where id = ${id} for update`))[0].amount;

/** Writes the item's status (and for transactions its reason and history) as given. */
export const writeItem = (
  db: Queryable,
  type: 'transaction' | 'refund',
  id: string,
  state: { status: string; reason: string | null; history: unknown; updatedAt: Date },
) =>
  type === 'transaction'
    ? db.query(sql`update transaction set status = ${state.status}, status_reason = ${state.reason}, status_history = ${JSON.stringify(state.history)}::jsonb,
        updated_at = ${state.updatedAt} where id = ${id}`)
    : db.query(
        sql`update refund set status = ${state.status}, last_status_update = ${state.updatedAt}, updated_at = ${state.updatedAt} where id = ${id}`,
      );

export const insertStatusUpdate = (
  db: Queryable,
  u: {
    id: string;
    type: string;
    transactionId: string;
    refundId: string | null;
    organisationId: string;
    merchantId: string;
    status: string;
    reason: string | null;
    previous: ItemState;
    reverses: string | null;
    createdBy: string;
  },
) =>
  db.query(sql`insert into status_update (id, type, transaction_id, refund_id, organisation_id, merchant_id, status, status_reason, previous_status,
      previous_status_reason, previous_status_history, previous_updated_at, reverses, created_by)
    values (${u.id}, ${u.type}, ${u.transactionId}, ${u.refundId}, ${u.organisationId}, ${u.merchantId}, ${u.status}, ${u.reason}, ${u.previous.status},
      ${u.previous.status_reason}, ${u.previous.status_history === null ? null : JSON.stringify(u.previous.status_history)}::jsonb, ${u.previous.updated_at},
      ${u.reverses}, ${u.createdBy})`);

export type StoredUpdate = {
  id: string;
  type: 'transaction' | 'refund';
  transaction_id: string;
  refund_id: string | null;
  previous_status: string;
  previous_status_reason: string | null;
  previous_status_history: unknown;
  previous_updated_at: Date;
  reversed_by: string | null;
};

/** The newest status update of an item: only that one can be reversed exactly. */
export const latestUpdateOf = async (
  db: Queryable,
  type: 'transaction' | 'refund',
  itemId: string,
): Promise<string | undefined> =>
  (
    await db.query<{
      id: string;
    }>(sql`select id from status_update where ${type === 'transaction' ? sql`type = 'transaction' and transaction_id = ${itemId}` : sql`refund_id = ${itemId}`}
    order by created_at desc, id desc limit 1`)
  )[0]?.id;

export const markReversed = (db: Queryable, id: string, by: string) =>
  db.query(sql`update status_update set reversed_by = ${by} where id = ${id}`);
