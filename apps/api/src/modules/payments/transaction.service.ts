import { type TransactionStatus, type TTransactionCreateBody } from '@kassa/domain';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { type OwnedRow, getEntity, getOwnedRow } from '../../query/repository.ts';
import type { Actor } from '../../plugins/actor.ts';
import { openChallenge } from '../checkout/hosted-checkout.service.ts';
import { chargePayment } from './charge.service.ts';
import { assertSameMerchant } from './same-merchant.ts';
import { customerEntity } from './customer.entity.ts';
import { paymentProfileEntity } from '../settings/settings.entities.ts';
import { transactionEntity } from './transaction.entity.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import { lockTransaction, markBlocked } from './transaction.repository.ts';

/**
 * Creates a payment through the one payment path; a declined payment is still a created
 * transaction. A payment a 3-D Secure ruleset sends to a challenge is IN_PROGRESS and answers
 * `checkout_url`, the hosted page where the customer completes it.
 */
export const createPayment = async (db: Db, actor: Actor, body: TTransactionCreateBody, publicUrl: string) => {
  let checkoutUrl: string | null = null;
  const transactionId = await db.transaction(async (tx) => {
    const profile = await getOwnedRow<OwnedRow & { currency_code: string | null }>(
      tx,
      paymentProfileEntity,
      actor.scope,
      body.payment_profile,
      'body.payment_profile',
      { columns: ['currency_code'] },
    );
    if (body.customer)
      assertSameMerchant(
        profile,
        await getOwnedRow(tx, customerEntity, actor.scope, body.customer, 'body.customer', { columns: ['status'] }),
        'body.customer',
      );
    const result = await chargePayment(tx, {
      organisationId: profile.organisation_id,
      paymentProfileId: profile.id,
      customerId: body.customer ?? null,
      amount: body.amount,
      productType: body.payment_product_type,
      merchantReference: body.merchant_reference,
      description: body.description ?? undefined,
      recurringType: body.recurring_type,
      cardNumber: body.card_number ?? null,
      threeDSecure: body.three_d_secure,
      challenge: true,
    });
    if (result.status === 'IN_PROGRESS') {
      checkoutUrl = await openChallenge(tx, publicUrl, {
        transactionId: result.transactionId,
        merchantId: result.merchantId,
        facts: result.facts,
        returnUrl: body.return_url ?? null,
      });
    }
    await recordAudit(tx, {
      ...actor.audit,
      type: 'transaction_created',
      responseCode: 201,
      entity: 'transaction',
      entityId: result.transactionId,
      transactionId: result.transactionId,
      detail: {
        amount: body.amount,
        status: result.status,
        status_reason: result.statusReason,
        decision: result.decision,
      },
    });
    return result.transactionId;
  });
  const row = await getEntity(db, transactionEntity, actor.scope, transactionId);
  return checkoutUrl ? { ...row, checkout_url: checkoutUrl } : row;
};

/** Marks a FAILED transaction as blocked (payments.md §4); anything else is a 409 naming its status. */
export const blockTransaction = async (db: Db, actor: Actor, id: string) => {
  await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, actor.scope, id);
    if (!transaction) throw notFound('Transaction');
    if (transaction.status !== 'FAILED') {
      throw new HttpError(
        409,
        'conflict',
        `Only a FAILED transaction can be marked blocked; this one is ${transaction.status}`,
      );
    }
    if (transaction.blocked) return;
    await markBlocked(tx, id);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'transaction_blocked',
      responseCode: 200,
      entity: 'transaction',
      entityId: id,
      transactionId: id,
    });
  });
  return getEntity(db, transactionEntity, actor.scope, id);
};

/** Moves a transaction of the actor's tenancy to the status `next` picks, through the lifecycle, audited, its webhook queued. */
const transition = async (
  db: Db,
  actor: Actor,
  id: string,
  type: string,
  next: (from: TransactionStatus) => TransactionStatus,
  reason: string,
) => {
  await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, actor.scope, id);
    if (!transaction) throw notFound('Transaction');
    const from = transaction.status as TransactionStatus;
    const to = next(from);
    await transitionTransaction(tx, transaction, to, reason);
    await recordAudit(tx, {
      ...actor.audit,
      type,
      responseCode: 200,
      entity: 'transaction',
      entityId: id,
      transactionId: id,
      detail: { from, to },
    });
  });
  return getEntity(db, transactionEntity, actor.scope, id);
};

/** Captures an authorisation: the money is requested for settlement. */
export const captureTransaction = (db: Db, actor: Actor, id: string) =>
  transition(db, actor, id, 'transaction_captured', () => 'SETTLEMENT_REQUESTED', 'Captured by the merchant');

const CANCEL_TO: Partial<Record<TransactionStatus, TransactionStatus>> = {
  AUTHORIZED: 'AUTHORIZATION_VOIDED',
  REAUTHORIZED: 'AUTHORIZATION_VOIDED',
  SETTLEMENT_REQUESTED: 'VOIDED',
};

/** Cancels a payment: voids an authorisation or a capture still in the batch, cancels one without an answer. */
export const cancelTransaction = (db: Db, actor: Actor, id: string) =>
  transition(
    db,
    actor,
    id,
    'transaction_cancelled',
    (from) => CANCEL_TO[from] ?? 'CANCELLED',
    'Cancelled by the merchant',
  );
