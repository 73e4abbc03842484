import { HttpError } from '../../lib/http-error.ts';
import { keyedFingerprint } from '../../lib/secret-box.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { countCardFailures, recordCardFailure, recordLinkFailure } from './card-testing.repository.ts';

/**
 * Card testing (SECURITY.md "Money"): someone with a list of stolen numbers uses a public payment
 * link to learn which cards work. Two brakes, besides the per-address rate limit:
 * - a link takes LINK_FAILURE_CAP failed attempts, then it is BLOCKED for good and its merchant
 *   hears of it (`paymentlink.updated` webhook, audit trail);
 * - a card that failed CARD_FAILURE_CAP times on the merchant's links within the window is refused
 *   without asking the acquirer, whichever link it comes through.
 * Cards are known only by a keyed fingerprint (lib/secret-box.ts), never by their number.
 */
export const LINK_FAILURE_CAP = 5;
export const CARD_FAILURE_CAP = 3;
export const CARD_WINDOW_SECONDS = 60 * 60;

export type AttemptedLink = { id: string; organisation_id: string; merchant_id: string };

export const cardKeyOf = (cardNumber: string) => keyedFingerprint('card-failure', cardNumber);

export const linkBlocked = () =>
  new HttpError(409, 'payment_link_blocked', 'This payment link was closed after too many failed payments', [
    { path: 'params.token', message: 'Too many failed payments on this link' },
  ]);

/** 402 as card refusals are answered by card APIs; the customer may try another card. */
export const cardRefused = () =>
  new HttpError(402, 'card_refused', 'This card cannot be used here for now; use another card', [
    { path: 'body.card_number', message: 'This card failed too often; use another card' },
  ]);

const CUSTOMER = { userName: 'Customer (payment link)', authentication: 'none' as const };

/** Whether the card failed too often on the merchant's links lately to be tried again. */
export const isCardRefused = async (db: Queryable, link: AttemptedLink, cardKey: string) =>
  (await countCardFailures(db, link.merchant_id, cardKey, CARD_WINDOW_SECONDS)) >= CARD_FAILURE_CAP;

/**
 * Counts a failed attempt on the link (a decline, a failure, or a refused card) and, when the
 * acquirer said no, on the card. The attempt that reaches the cap blocks the link, once.
 */
export const recordFailedAttempt = async (db: Queryable, link: AttemptedLink, declinedCard: string | null) => {
  if (declinedCard) await recordCardFailure(db, link.merchant_id, declinedCard, CARD_WINDOW_SECONDS);
  const { failed_attempts, blocked } = await recordLinkFailure(db, link.id, LINK_FAILURE_CAP);
  if (!blocked || failed_attempts !== LINK_FAILURE_CAP) return;
  await notifyItem(db, 'paymentlink', link.id, 'paymentlink.updated');
  await recordAudit(db, {
    ...CUSTOMER,
    organisationId: link.organisation_id,
    type: 'payment_link_blocked',
    responseCode: 200,
    entity: 'payment_link',
    entityId: link.id,
    detail: { failed_attempts },
  });
};

/** The audit entry of a card refused before the acquirer. */
export const auditRefusedCard = (db: Queryable, link: AttemptedLink) =>
  recordAudit(db, {
    ...CUSTOMER,
    organisationId: link.organisation_id,
    type: 'payment_link_card_refused',
    responseCode: 402,
    entity: 'payment_link',
    entityId: link.id,
  });
