import { clientOf } from '../payments/client-of.ts';
import { createHash, randomBytes } from 'node:crypto';
import {
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_MINUTES,
  CHECKOUT_DEFAULTS,
  NUMBER_FORMATS,
  SANDBOX_3DS_CODE,
  type PaymentFacts,
  type TCheckoutPage,
} from '@kassa/domain';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { authoriseChallenged } from '../payments/charge.service.ts';
import { chargeCustomer } from '../payments/charge.repository.ts';
import { insertReviewCase } from '../review/review-case.repository.ts';
import { transitionTransaction } from '../payments/lifecycle.service.ts';
import { testCardNumberOf } from '../payments/sandbox-processor.ts';
import * as repo from './hosted-checkout.repository.ts';

/** The customer's page of a session; the token is its only key. */
export const CHECKOUT_PAGE_PATH = 'checkout';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const isWellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Opens the hosted checkout page for a payment that waits for a 3-D Secure challenge, in the
 * caller's database transaction. The token (256 random bits) is answered once, inside the URL;
 * only its hash is stored. Answers the page's URL.
 */
export const openChallenge = async (
  tx: Queryable,
  publicUrl: string,
  session: {
    transactionId: string;
    merchantId: string;
    facts: PaymentFacts;
    returnUrl: string | null;
    paymentLinkId?: string;
  },
): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(tx, {
    id: newId('cs'),
    tokenHash: hashToken(token),
    transactionId: session.transactionId,
    merchantId: session.merchantId,
    facts: session.facts,
    returnUrl: session.returnUrl,
    paymentLinkId: session.paymentLinkId ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MINUTES * 60_000),
  });
  return `${publicUrl.replace(/\/$/, '')}/${CHECKOUT_PAGE_PATH}/${token}`;
};

const numberFormatOf = (value: string | null): TCheckoutPage['design']['number_format'] =>
  (NUMBER_FORMATS as readonly string[]).includes(value ?? '')
    ? (value as TCheckoutPage['design']['number_format'])
    : 'en_US';

/** A checkout design's columns as the page needs them; missing ones (no design) take the defaults. */
export const designOf = (row: repo.DesignColumns): TCheckoutPage['design'] => ({
  background_color: row.background_color ?? CHECKOUT_DEFAULTS.background_color,
  background_image_url: row.background_image_url,
  logo_url: row.logo_url,
  header_color: row.header_color ?? CHECKOUT_DEFAULTS.header_color,
  header_text_color: row.header_text_color ?? CHECKOUT_DEFAULTS.header_text_color,
  button_color: row.button_color ?? CHECKOUT_DEFAULTS.button_color,
  button_text_color: row.button_text_color ?? CHECKOUT_DEFAULTS.button_text_color,
  show_language_switch: row.show_language_switch ?? CHECKOUT_DEFAULTS.show_language_switch,
  number_format: numberFormatOf(row.number_format),
});

/** The public page of a token: 404 for a token that opens nothing, exactly as for a malformed one. */
export const getCheckoutPage = async (db: Queryable, token: string): Promise<TCheckoutPage> => {
  const row = isWellFormed(token) ? await repo.loadPage(db, hashToken(token)) : undefined;
  if (!row) throw notFound('Checkout');
  // An open session past its expiry reads as expired at once; the expiry job fails its payment.
  const state = row.state === 'open' && row.expires_at.getTime() <= Date.now() ? 'expired' : row.state;
  return {
    state,
    merchant_name: row.merchant_name,
    amount: Number(row.amount),
    currency_code: row.currency_code,
    merchant_reference: row.merchant_reference,
    description: row.description,
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    expires_at: row.expires_at.toISOString(),
    attempts_left: Math.max(0, CHALLENGE_MAX_ATTEMPTS - row.attempts),
    transaction_status: row.transaction_status,
    held: row.held,
    return_url: row.return_url,
    design: designOf(row),
  };
};

// The sandbox issuer's code is public (the page names it), so a plain comparison is enough.
const codeMatches = (code: string) => code === SANDBOX_3DS_CODE;

const CUSTOMER = { userName: 'Customer (hosted checkout)', authentication: 'none' as const };

/** Ends an open challenge without authentication: the payment fails with its webhook, audited. */
const failChallenge = async (tx: Queryable, session: repo.SessionRow, state: 'failed' | 'expired', at: Date) => {
  const reason = state === 'expired' ? '3-D Secure challenge timed out' : '3-D Secure authentication failed';
  await repo.closeSession(tx, session.id, state, at);
  await repo.setDecision(tx, session.transaction_id, {
    ...(await repo.loadDecision(tx, session.transaction_id)),
    challenge: state,
  });
  await transitionTransaction(
    tx,
    { id: session.transaction_id, status: session.transaction_status },
    'FAILED',
    reason,
    at,
  );
  await recordAudit(tx, {
    // A challenge left past its time is ended by the expiry job, not by the customer.
    ...(state === 'expired' ? SYSTEM_ACTOR : CUSTOMER),
    organisationId: session.organisation_id,
    type: state === 'expired' ? 'three_ds_challenge_expired' : 'three_ds_challenge_failed',
    responseCode: 200,
    entity: 'transaction',
    entityId: session.transaction_id,
    transactionId: session.transaction_id,
  });
};

/**
 * The customer's answer to the challenge, in one database transaction under the session's and
 * the payment's row locks: the right code routes the payment and hands it to the acquirer (its
 * answer becomes the status, or a review ruleset holds it as at creation); a wrong code counts, and the last allowed wrong code or a late
 * answer fails the payment. A session that already ended answers its page unchanged, so a
 * double submit moves nothing twice. A wrong code with tries left is a 422 on `body.code`.
 */
export const completeChallenge = async (
  db: Db,
  token: string,
  code: string,
  userAgent: string | null = null,
): Promise<TCheckoutPage> => {
  if (!isWellFormed(token)) throw notFound('Checkout');
  const outcome = await db.transaction(async (tx) => {
    const session = await repo.lockSessionByToken(tx, hashToken(token));
    if (!session) throw notFound('Checkout');
    if (session.state !== 'open') return 'ended' as const;
    const now = new Date();
    if (session.expires_at.getTime() <= now.getTime()) {
      await failChallenge(tx, session, 'expired', now);
      return 'ended' as const;
    }
    if (!codeMatches(code)) {
      if (session.attempts + 1 >= CHALLENGE_MAX_ATTEMPTS) {
        await failChallenge(tx, session, 'failed', now);
        return 'ended' as const;
      }
      await repo.countAttempt(tx, session.id);
      return { wrong: CHALLENGE_MAX_ATTEMPTS - session.attempts - 1 };
    }
    const customer = session.customer_id ? await chargeCustomer(tx, session.customer_id) : undefined;
    const facts = { ...session.facts, three_ds: true };
    const stored = await repo.loadDecision(tx, session.transaction_id);
    const fired = Array.isArray(stored.rulesets) ? (stored.rulesets as { id: string }[]).map((r) => r.id) : [];
    // Routed and authorised now; a review ruleset that fired holds it exactly as without a challenge (issue 36).
    const answer = await authoriseChallenged(tx, {
      paymentProfileId: session.payment_profile_id,
      organisationId: session.organisation_id,
      facts,
      fired,
      subscriptionId: session.subscription_id,
      customerStatus: customer?.status ?? null,
      cardNumber: testCardNumberOf(facts.card_bin, session.card_last4),
      mode: await repo.loadMode(tx, session.transaction_id),
    });
    const decision = {
      ...stored,
      challenge: 'authenticated',
      routing: answer.routing,
      acquirer: answer.acquirer,
      ...(answer.review ? { review: 'held' } : {}),
    };
    await repo.recordAuthorisation(tx, session.transaction_id, {
      processorId: answer.processorId,
      externalId: answer.externalId,
      decision,
      // The customer is on the challenge page: its browser is the payment's.
      client: clientOf(userAgent),
    });
    await repo.closeSession(tx, session.id, 'authenticated', now);
    if (session.payment_link_id && answer.status === 'SETTLEMENT_REQUESTED')
      await repo.markLinkPaid(tx, session.payment_link_id);
    await transitionTransaction(
      tx,
      { id: session.transaction_id, status: session.transaction_status },
      answer.status,
      answer.reason,
      now,
    );
    if (answer.review) await insertReviewCase(tx, session.transaction_id, answer.review, now);
    await recordAudit(tx, {
      ...CUSTOMER,
      organisationId: session.organisation_id,
      type: 'three_ds_challenge_passed',
      responseCode: 200,
      entity: 'transaction',
      entityId: session.transaction_id,
      transactionId: session.transaction_id,
      detail: { status: answer.status, status_reason: answer.reason, decision },
    });
    return 'ended' as const;
  });
  if (outcome !== 'ended') {
    const message = `The code is not right; ${outcome.wrong} ${outcome.wrong === 1 ? 'try' : 'tries'} left`;
    throw new HttpError(422, 'validation_error', message, [{ path: 'body.code', message }]);
  }
  return getCheckoutPage(db, token);
};

/** Fails the payments of challenges nobody finished in time; safe to repeat and to run on several workers. */
export const expireCheckoutSessions = async (db: Db, now: Date = new Date(), limit = 500): Promise<number> => {
  let expired = 0;
  for (const id of await repo.expiredSessionIds(db, now, limit)) {
    expired += await db.transaction(async (tx) => {
      const session = await repo.lockExpiredSession(tx, id, now);
      if (!session) return 0;
      await failChallenge(tx, session, 'expired', now);
      return 1;
    });
  }
  return expired;
};
