import type { CheckoutSessionState, PaymentFacts } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type NewSession = {
  id: string;
  tokenHash: string;
  transactionId: string;
  merchantId: string;
  facts: PaymentFacts;
  returnUrl: string | null;
  paymentLinkId: string | null;
  expiresAt: Date;
};

/** Opens a session on the merchant's newest checkout design (none: the page uses the defaults). */
export const insertSession = (tx: Queryable, s: NewSession) =>
  tx.query(sql`insert into checkout_session (id, token_hash, transaction_id, merchant_id, checkout_design_id, facts, return_url, payment_link_id, expires_at)
    values (${s.id}, ${s.tokenHash}, ${s.transactionId}, ${s.merchantId},
      (select id from checkout_design where merchant_id = ${s.merchantId} order by updated_at desc, id desc limit 1),
      ${JSON.stringify(s.facts)}::jsonb, ${s.returnUrl}, ${s.paymentLinkId}, ${s.expiresAt})`);

export type SessionRow = {
  id: string;
  transaction_id: string;
  merchant_id: string;
  facts: PaymentFacts;
  state: CheckoutSessionState;
  attempts: number;
  expires_at: Date;
  transaction_status: string;
  organisation_id: string;
  payment_profile_id: string;
  customer_id: string | null;
  card_last4: string | null;
  payment_link_id: string | null;
  subscription_id: string | null;
};

const SESSION_COLUMNS = sql`s.id, s.transaction_id, s.merchant_id, s.facts, s.state, s.attempts, s.expires_at,
  t.status as transaction_status, t.organisation_id, t.payment_profile_id, t.customer_id, t.card_last4, s.payment_link_id,
  t.subscription_id`;

/** The session of a token and its transaction, both locked until the database transaction ends. */
export const lockSessionByToken = async (tx: Queryable, tokenHash: string): Promise<SessionRow | undefined> =>
  (
    await tx.query<SessionRow>(sql`select ${SESSION_COLUMNS} from checkout_session s join transaction t on t.id = s.transaction_id
    where s.token_hash = ${tokenHash} for update of s, t`)
  )[0];

/** An open session past its expiry, locked; skipped when another worker holds it. */
export const lockExpiredSession = async (tx: Queryable, id: string, now: Date): Promise<SessionRow | undefined> =>
  (
    await tx.query<SessionRow>(sql`select ${SESSION_COLUMNS} from checkout_session s join transaction t on t.id = s.transaction_id
    where s.id = ${id} and s.state = 'open' and s.expires_at <= ${now} for update of s, t skip locked`)
  )[0];

export const expiredSessionIds = async (db: Queryable, now: Date, limit: number): Promise<string[]> =>
  (
    await db.query<{ id: string }>(
      sql`select id from checkout_session where state = 'open' and expires_at <= ${now} order by expires_at limit ${limit}`,
    )
  ).map((r) => r.id);

export const countAttempt = (tx: Queryable, id: string) =>
  tx.query(sql`update checkout_session set attempts = attempts + 1 where id = ${id}`);

export const closeSession = (tx: Queryable, id: string, state: Exclude<CheckoutSessionState, 'open'>, at: Date) =>
  tx.query(
    sql`update checkout_session set state = ${state}, completed_at = ${at}, attempts = attempts + ${state === 'failed' ? 1 : 0} where id = ${id}`,
  );

/** After the challenge: the processor, its reference and the decision the engine reached. */
export const recordAuthorisation = (
  tx: Queryable,
  transactionId: string,
  a: {
    processorId: string | null;
    externalId: string | null;
    decision: unknown;
    client: { platform: string | null; browser: string | null };
  },
) =>
  tx.query(sql`update transaction set processor_id = ${a.processorId}, processor_id_external = ${a.externalId}, decision = ${JSON.stringify(a.decision)}::jsonb,
    platform = coalesce(${a.client.platform}, platform), browser = coalesce(${a.client.browser}, browser)
    where id = ${transactionId}`);

export const setDecision = (tx: Queryable, transactionId: string, decision: unknown) =>
  tx.query(sql`update transaction set decision = ${JSON.stringify(decision)}::jsonb where id = ${transactionId}`);

/** The mode of the challenged payment (test mode: a test payment goes to the sandbox acquirer only). */
export const loadMode = async (tx: Queryable, transactionId: string): Promise<'live' | 'test'> =>
  (await tx.query<{ mode: 'live' | 'test' }>(sql`select mode from transaction where id = ${transactionId}`))[0]?.mode ??
  'live';

export const loadDecision = async (tx: Queryable, transactionId: string) =>
  (
    await tx.query<{ decision: Record<string, unknown> | null }>(
      sql`select decision from transaction where id = ${transactionId}`,
    )
  )[0]?.decision ?? {};

/** The columns of a checkout design a page shows (all null without a design). */
export type DesignColumns = {
  background_color: string | null;
  background_image_url: string | null;
  logo_url: string | null;
  header_color: string | null;
  header_text_color: string | null;
  button_color: string | null;
  button_text_color: string | null;
  show_language_switch: boolean | null;
  number_format: string | null;
};

export const markLinkPaid = (tx: Queryable, linkId: string) =>
  tx.query(sql`update payment_link set status = 'DONE', updated_at = now() where id = ${linkId}`);

export type PageRow = DesignColumns & {
  state: CheckoutSessionState;
  attempts: number;
  expires_at: Date;
  return_url: string | null;
  amount: number;
  currency_code: string;
  merchant_reference: string;
  description: string | null;
  card_brand: string | null;
  card_last4: string | null;
  transaction_status: string;
  held: boolean;
  merchant_name: string;
};

/** What the public page shows of one session: its payment, the shop's name and its design. */
export const loadPage = async (db: Queryable, tokenHash: string): Promise<PageRow | undefined> =>
  (
    await db.query<PageRow>(sql`select s.state, s.attempts, s.expires_at, s.return_url, t.amount, t.currency_code, t.merchant_reference, t.description,
      t.card_brand, t.card_last4, t.status as transaction_status,
      coalesce(t.decision->>'review' = 'held', false) as held, coalesce(nullif(p.display_name, ''), p.name) as merchant_name,
      d.background_color, d.background_image_url, d.logo_url, d.header_color, d.header_text_color, d.button_color, d.button_text_color,
      d.show_language_switch, d.number_format
    from checkout_session s join transaction t on t.id = s.transaction_id join payment_profile p on p.id = t.payment_profile_id
      left join checkout_design d on d.id = s.checkout_design_id
    where s.token_hash = ${tokenHash}`)
  )[0];
