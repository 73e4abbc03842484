import { sql, type Queryable } from '../../plugins/db/index.ts';
import { scopedModedAnd } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

export type LinkKind = 'payment' | 'card_add';
export const LINK_TABLE: Record<LinkKind, string> = { payment: 'payment_link', card_add: 'card_add_link' };

export type NewLink = {
  id: string;
  organisationId: string;
  merchantId: string;
  paymentProfileId: string;
  customerId: string | null;
  token: string;
  url: string;
  amount: number | null;
  currencyCode: string | null;
  description: string | null;
  merchantReference: string | null;
  expiresAt: Date;
  createdBy: string;
  /** Test mode: the creator's; a test link's payment is a test payment. */
  mode: 'live' | 'test';
};

export const insertLink = (tx: Queryable, kind: LinkKind, l: NewLink) =>
  kind === 'payment'
    ? tx.query(sql`insert into payment_link (id, organisation_id, merchant_id, payment_profile_id, customer_id, token, url, amount, currency_code,
          description, merchant_reference, expires_at, created_by, mode)
        values (${l.id}, ${l.organisationId}, ${l.merchantId}, ${l.paymentProfileId}, ${l.customerId}, ${l.token}, ${l.url}, ${l.amount},
          ${l.currencyCode}, ${l.description}, ${l.merchantReference}, ${l.expiresAt}, ${l.createdBy}, ${l.mode})`)
    : tx.query(sql`insert into card_add_link (id, organisation_id, merchant_id, payment_profile_id, customer_id, token, url,
          description, merchant_reference, expires_at, created_by, mode)
        values (${l.id}, ${l.organisationId}, ${l.merchantId}, ${l.paymentProfileId}, ${l.customerId}, ${l.token}, ${l.url},
          ${l.description}, ${l.merchantReference}, ${l.expiresAt}, ${l.createdBy}, ${l.mode})`);

/** Locks a link of the actor's tenancy for a state change. */
export const lockLink = async (tx: Queryable, kind: LinkKind, scope: Scope, id: string) => {
  const [row] = await tx.query<{ id: string; status: string; active: boolean }>(sql`select e.id, e.status, e.active
    from ${sql.raw(LINK_TABLE[kind])} e where e.id = ${id} ${scopedModedAnd(scope)} for update`);
  return row;
};

/** Payment links have no cancelled status in their vocabulary: they only lose `active`. */
export const deactivateLink = (tx: Queryable, kind: LinkKind, id: string) =>
  kind === 'payment'
    ? tx.query(sql`update payment_link set active = false, updated_at = now() where id = ${id}`)
    : tx.query(sql`update card_add_link set active = false, status = 'CANCELLED', updated_at = now() where id = ${id}`);
