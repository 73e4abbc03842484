import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { DesignColumns } from './hosted-checkout.repository.ts';

/** The design columns of a link's page: its merchant's latest checkout design (`l` is the link). */
export const LINK_DESIGN_COLUMNS = sql`d.background_color, d.background_image_url, d.logo_url, d.header_color, d.header_text_color, d.button_color,
      d.button_text_color, d.show_language_switch, d.number_format`;
export const LINK_DESIGN_JOIN = sql`left join lateral (select * from checkout_design cd where cd.merchant_id = l.merchant_id
      order by cd.updated_at desc, cd.id desc limit 1) d on true`;

export type LinkPageRow = DesignColumns & {
  id: string;
  /** Test mode: a test link's payment is a test payment. */
  mode: 'live' | 'test';
  organisation_id: string;
  merchant_id: string;
  payment_profile_id: string;
  customer_id: string | null;
  amount: number;
  currency_code: string;
  description: string | null;
  merchant_reference: string | null;
  status: string;
  active: boolean;
  expires_at: Date;
  transaction_id: string | null;
  transaction_status: string | null;
  merchant_name: string;
  /** Whether the latest payment waits for a challenge that is still open. */
  challenge_open: boolean;
};

/** A payment link by its token with what its page shows; `lock` holds the link's row until the transaction ends. */
export const loadLinkPage = async (db: Queryable, token: string, lock = false): Promise<LinkPageRow | undefined> =>
  (
    await db.query<LinkPageRow>(sql`select l.id, l.mode, l.organisation_id, l.merchant_id, l.payment_profile_id, l.customer_id, l.amount, l.currency_code, l.description,
      l.merchant_reference, l.status, l.active, l.expires_at, l.transaction_id, t.status as transaction_status,
      coalesce(nullif(p.display_name, ''), p.name) as merchant_name,
      exists (select 1 from checkout_session s where s.transaction_id = l.transaction_id and s.state = 'open' and s.expires_at > now()) as challenge_open,
      ${LINK_DESIGN_COLUMNS}
    from payment_link l join payment_profile p on p.id = l.payment_profile_id
      left join transaction t on t.id = l.transaction_id
      ${LINK_DESIGN_JOIN}
    where l.token = ${token} ${lock ? sql`for update of l` : sql.empty}`)
  )[0];

/** The link's latest payment and where it stands: DONE when paid, INITIATED while tried, EXPIRED past its date (BLOCKED: card-testing.service.ts). */
export const setLinkPayment = (tx: Queryable, id: string, values: { status: string; transactionId?: string }) =>
  tx.query(sql`update payment_link set status = ${values.status}, transaction_id = coalesce(${values.transactionId ?? null}, transaction_id), updated_at = now()
    where id = ${id}`);
