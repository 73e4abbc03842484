import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { SandboxCard } from '../payments/sandbox-processor.ts';
import type { DesignColumns } from './hosted-checkout.repository.ts';
import { LINK_DESIGN_COLUMNS, LINK_DESIGN_JOIN } from './payment-link-page.repository.ts';

export type CardAddPageRow = DesignColumns & {
  id: string;
  organisation_id: string;
  customer_id: string;
  description: string | null;
  merchant_reference: string | null;
  status: string;
  active: boolean;
  expires_at: Date;
  card_brand: string | null;
  card_last4: string | null;
  customer_status: string | null;
  merchant_name: string;
};

/** A card-add link by its token with what its page shows; `lock` holds the link's row until the transaction ends. */
export const loadCardAddPage = async (
  db: Queryable,
  token: string,
  lock = false,
): Promise<CardAddPageRow | undefined> =>
  (
    await db.query<CardAddPageRow>(sql`select l.id, l.organisation_id, l.customer_id, l.description, l.merchant_reference, l.status, l.active, l.expires_at,
      l.card_brand, l.card_last4, c.status as customer_status, coalesce(nullif(p.display_name, ''), p.name) as merchant_name,
      ${LINK_DESIGN_COLUMNS}
    from card_add_link l join payment_profile p on p.id = l.payment_profile_id
      left join customer c on c.id = l.customer_id
      ${LINK_DESIGN_JOIN}
    where l.token = ${token} ${lock ? sql`for update of l` : sql.empty}`)
  )[0];

/** The link's new status, with the verified card when the issuer accepted it (DONE). */
export const setCardAddStatus = (
  tx: Queryable,
  id: string,
  status: 'INITIATED' | 'DONE' | 'EXPIRED',
  card: SandboxCard | null = null,
) =>
  tx.query(sql`update card_add_link set status = ${status}, card_brand = coalesce(${card?.brand ?? null}, card_brand), card_bin = coalesce(${card?.bin ?? null}, card_bin),
      card_last4 = coalesce(${card?.last4 ?? null}, card_last4), card_added_at = case when ${status} = 'DONE' then now() else card_added_at end, updated_at = now()
    where id = ${id}`);
