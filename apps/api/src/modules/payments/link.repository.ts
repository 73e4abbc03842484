import { sql, type Queryable } from '../../plugins/db/index.ts';

export type LinkKind = 'payment' | 'card_add';

/** Payment links have no cancelled status in their vocabulary: they only lose `active`. */
export const deactivateLink = (tx: Queryable, kind: LinkKind, id: string) =>
  kind === 'payment'
    ? tx.query(sql`update payment_link set active = false, updated_at = now() where id = ${id}`)
    : tx.query(sql`update card_add_link set active = false, status = 'CANCELLED', updated_at = now() where id = ${id}`);

/** The link a payment was made through is paid once a reviewer approves that payment (issue 36). */
export const markLinkPaidByTransaction = (tx: Queryable, transactionId: string) =>
  tx.query(
    sql`update payment_link set status = 'DONE', updated_at = now() where transaction_id = ${transactionId} and status = 'INITIATED'`,
  );
