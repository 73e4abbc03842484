import type { TPaymentLinkPage } from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { chargePayment } from '../payments/charge.service.ts';
import { designOf, openChallenge } from './hosted-checkout.service.ts';
import { loadLinkPage, setLinkPayment, type LinkPageRow } from './payment-link-page.repository.ts';

const stateOf = (row: LinkPageRow): TPaymentLinkPage['state'] => {
  if (row.status === 'DONE') return 'paid';
  if (!row.active) return 'inactive';
  if (row.status === 'EXPIRED' || row.expires_at.getTime() <= Date.now()) return 'expired';
  return 'open';
};

const pageOf = (row: LinkPageRow, checkoutUrl: string | null): TPaymentLinkPage => ({
  state: stateOf(row),
  merchant_name: row.merchant_name,
  amount: Number(row.amount),
  currency_code: row.currency_code,
  merchant_reference: row.merchant_reference,
  description: row.description,
  expires_at: row.expires_at.toISOString(),
  transaction_status: row.transaction_status,
  checkout_url: checkoutUrl,
  design: designOf(row),
});

const isWellFormed = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

/** The public page of a payment link; an unknown token is a 404. */
export const getPaymentLinkPage = async (db: Queryable, token: string): Promise<TPaymentLinkPage> => {
  const row = isWellFormed(token) ? await loadLinkPage(db, token) : undefined;
  if (!row) throw notFound('Payment link');
  return pageOf(row, null);
};

/**
 * The customer pays a payment link with a card, through the one payment path, in one database
 * transaction under the link's row lock (so two clicks never pay twice): paid → DONE; a payment
 * a 3-D Secure ruleset challenges answers the challenge page's URL (the link is done when the
 * challenge ends paid); a declined or failed payment leaves the link open for another card.
 * A link that is paid, switched off or expired answers its page and charges nothing.
 */
export const payPaymentLink = async (
  db: Db,
  publicUrl: string,
  token: string,
  cardNumber: string,
): Promise<TPaymentLinkPage> => {
  if (!isWellFormed(token)) throw notFound('Payment link');
  return db.transaction(async (tx) => {
    const link = await loadLinkPage(tx, token, true);
    if (!link) throw notFound('Payment link');
    const state = stateOf(link);
    if (state === 'expired' && link.status !== 'EXPIRED') await setLinkPayment(tx, link.id, { status: 'EXPIRED' });
    if (state !== 'open' || link.challenge_open) return pageOf(link, null);
    const result = await chargePayment(tx, {
      organisationId: link.organisation_id,
      paymentProfileId: link.payment_profile_id,
      customerId: link.customer_id,
      amount: Number(link.amount),
      productType: 'card',
      merchantReference: link.merchant_reference ?? link.id,
      description: link.description ?? undefined,
      cardNumber,
      challenge: true,
    });
    let checkoutUrl: string | null = null;
    if (result.status === 'IN_PROGRESS') {
      checkoutUrl = await openChallenge(tx, publicUrl, {
        transactionId: result.transactionId,
        merchantId: result.merchantId,
        facts: result.facts,
        returnUrl: null,
        paymentLinkId: link.id,
      });
    }
    await setLinkPayment(tx, link.id, {
      status: result.status === 'SETTLEMENT_REQUESTED' ? 'DONE' : 'INITIATED',
      transactionId: result.transactionId,
    });
    await recordAudit(tx, {
      userName: 'Customer (payment link)',
      authentication: 'none',
      organisationId: link.organisation_id,
      type: 'transaction_created',
      responseCode: 201,
      entity: 'transaction',
      entityId: result.transactionId,
      transactionId: result.transactionId,
      detail: {
        payment_link: link.id,
        amount: Number(link.amount),
        status: result.status,
        status_reason: result.statusReason,
        decision: result.decision,
      },
    });
    return pageOf((await loadLinkPage(tx, token))!, checkoutUrl);
  });
};
