import { REFUNDABLE_TRANSACTION_STATUSES, type TransactionStatus } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import type { Actor } from '../../plugins/actor.ts';
import { refundEntity } from './refund.entity.ts';
import { findRefundByIdempotencyKey, insertRefund, sumCountedRefunds } from './refund.repository.ts';
import { sandboxRefund } from './sandbox-processor.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { lockTransaction, setRefundedAmount } from './transaction.repository.ts';
import { merchantLimits } from '../merchants/merchant-configuration.service.ts';

export type RefundRequest = {
  transactionId: string;
  amount: number;
  reason?: string | null;
  idempotencyKey?: string;
  /** Where the transaction id came from, for the 404's detail path. */
  transactionPath: string;
};

const major = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/**
 * Refunds (part of) a transaction. Checked and written in one database transaction holding the
 * transaction's row lock, so concurrent refunds queue up and their total never exceeds the amount.
 */
export const refundTransaction = (db: Db, actor: Actor, request: RefundRequest) =>
  db.transaction(async (tx) => {
    const refundId = await decideRefund(tx, actor, request);
    // Read in the transaction, so that its idempotency answer commits with the refund.
    const refund = await getEntity(tx, refundEntity, actor.scope, refundId, { _populate: 'transaction' });
    await actor.answer?.record(tx, 201, refund);
    return refund;
  });

/** Checks and writes a refund under the transaction's row lock; answers its id (an earlier one's for a retried key). */
const decideRefund = async (tx: Queryable, actor: Actor, request: RefundRequest): Promise<string> => {
  const transaction = await lockTransaction(tx, actor.scope, request.transactionId);
  if (!transaction) {
    throw new HttpError(404, 'not_found', 'Transaction not found', [
      { path: request.transactionPath, message: 'No such transaction' },
    ]);
  }
  if (request.idempotencyKey) {
    // A refund of this key whose stored answer is gone (expired after 24 hours, or written before answers
    // were stored with their refunds): the refund exists, answer with it. The row lock makes this check race-free.
    const existing = await findRefundByIdempotencyKey(tx, transaction.id, actor.userId, request.idempotencyKey);
    if (existing) return existing;
  }
  if (!REFUNDABLE_TRANSACTION_STATUSES.includes(transaction.status as TransactionStatus)) {
    throw new HttpError(409, 'not_refundable', `A transaction with status ${transaction.status} cannot be refunded`, [
      { path: request.transactionPath, message: `Status ${transaction.status} is not refundable` },
    ]);
  }
  if (!(await merchantLimits(tx, transaction.merchant_id)).refunds_enabled) {
    throw new HttpError(409, 'not_refundable', 'Refunds are switched off for this merchant', [
      { path: request.transactionPath, message: 'Refunds are switched off for this merchant' },
    ]);
  }
  const refunded = await sumCountedRefunds(tx, transaction.id);
  const remaining = transaction.amount - refunded;
  if (request.amount > remaining) {
    const message =
      remaining > 0
        ? `The refund exceeds the remaining refundable amount of ${major(remaining, transaction.currency_code)} (${remaining} minor units)`
        : 'This transaction has been refunded in full; the remaining refundable amount is 0';
    throw new HttpError(422, 'refund_exceeds_amount', message, [{ path: 'body.amount', message }]);
  }
  const processed = sandboxRefund();
  const id = newId('rf');
  await insertRefund(tx, {
    id,
    organisationId: transaction.organisation_id,
    merchantId: transaction.merchant_id,
    transactionId: transaction.id,
    paymentProfileId: transaction.payment_profile_id,
    amount: request.amount,
    currencyCode: transaction.currency_code,
    reason: request.reason ?? null,
    status: processed.status,
    processorIdExternal: processed.externalId,
    idempotencyKey: request.idempotencyKey ?? null,
    createdBy: actor.userId,
  });
  await setRefundedAmount(tx, transaction.id, refunded + request.amount);
  await notifyItem(tx, 'refund', id, 'refund.created');
  await recordAudit(tx, {
    ...actor.audit,
    type: 'refund_created',
    responseCode: 201,
    entity: 'refund',
    entityId: id,
    transactionId: transaction.id,
    detail: {
      amount: request.amount,
      currency_code: transaction.currency_code,
      reason: request.reason ?? null,
      refunded_before: refunded,
    },
  });
  return id;
};
