import type { TPaymentLinkPage } from '@kassa/domain';
import { notFound, type HttpError } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { chargePayment } from '../payments/charge.service.ts';
import {
  auditRefusedCard,
  cardKeyOf,
  cardRefused,
  isCardRefused,
  linkBlocked,
  recordFailedAttempt,
} from './card-testing.service.ts';
import { designOf, openChallenge } from './hosted-checkout.service.ts';
import { loadLinkPage, setLinkPayment, type LinkPageRow } from './payment-link-page.repository.ts';

const stateOf = (row: LinkPageRow): TPaymentLinkPage['state'] => {
  if (row.status === 'DONE') return 'paid';
  // Held for review: paying again could charge the customer twice; a decline opens the link again.
  if (row.status === 'INITIATED' && row.transaction_status === 'AUTHORIZED') return 'processing';
  if (row.status === 'BLOCKED') return 'blocked';
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
 * challenge ends paid); a declined or failed payment leaves the link open for another card; a
 * payment a review ruleset holds makes the link `processing` until a reviewer decides (approved:
 * paid; declined: open again).
 * A link that is paid, switched off or expired answers its page and charges nothing.
 * Card testing (card-testing.service.ts): a link BLOCKED after too many failed payments answers
 * 409 `payment_link_blocked`, a card that keeps failing on the merchant's links 402 `card_refused`,
 * neither reaching the acquirer; the counts are kept even though the answer is an error.
 */
export const payPaymentLink = async (
  db: Db,
  publicUrl: string,
  token: string,
  cardNumber: string,
  userAgent: string | null = null,
): Promise<TPaymentLinkPage> => {
  if (!isWellFormed(token)) throw notFound('Payment link');
  const outcome = await db.transaction(async (tx): Promise<{ page: TPaymentLinkPage } | { refusal: HttpError }> => {
    const link = await loadLinkPage(tx, token, true);
    if (!link) throw notFound('Payment link');
    const state = stateOf(link);
    if (state === 'blocked') return { refusal: linkBlocked() };
    if (state === 'expired' && link.status !== 'EXPIRED') await setLinkPayment(tx, link.id, { status: 'EXPIRED' });
    if (state !== 'open' || link.challenge_open) return { page: pageOf(link, null) };
    const cardKey = cardKeyOf(cardNumber);
    if (await isCardRefused(tx, link, cardKey)) {
      await recordFailedAttempt(tx, link, null);
      await auditRefusedCard(tx, link);
      return { refusal: cardRefused() };
    }
    const result = await chargePayment(tx, {
      organisationId: link.organisation_id,
      paymentProfileId: link.payment_profile_id,
      customerId: link.customer_id,
      amount: Number(link.amount),
      productType: 'card',
      merchantReference: link.merchant_reference ?? link.id,
      description: link.description ?? undefined,
      cardNumber,
      userAgent,
      challenge: true,
      mode: link.mode,
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
    // A payment held for review (AUTHORIZED) did not fail: it is not a card-testing attempt.
    if (!['SETTLEMENT_REQUESTED', 'IN_PROGRESS', 'AUTHORIZED'].includes(result.status))
      await recordFailedAttempt(tx, link, cardKey);
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
    return { page: pageOf((await loadLinkPage(tx, token))!, checkoutUrl) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.page;
};
