import { assertTransition, type TransactionStatus, type TStatusUpdateCreate } from '@kassa/domain';
import { conflict, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { defineWrite, lockInScope, writeOwnRow } from '../../query/write.ts';
import { sumCountedRefunds } from '../payments/refund.repository.ts';
import { setRefundedAmount } from '../payments/transaction.repository.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { statusUpdateEntity } from './status-update.entity.ts';
import * as repo from './status-update.repository.ts';

const statusUpdateWrite = defineWrite({
  entity: statusUpdateEntity,
  path: 'statusupdate',
  idPrefix: 'su',
  label: 'Status update',
  audit: { entity: 'statusupdate', type: 'status_update' },
  populate: 'transaction refund organisation merchant',
});

/**
 * A refund's status decides whether it counts against the transaction: keep the refundable
 * remainder true, and never let counted refunds exceed the amount (SECURITY.md "Money").
 */
const recountRefunds = async (tx: Queryable, transactionId: string) => {
  const total = Number(await sumCountedRefunds(tx, transactionId));
  const amount = await repo.lockTransactionAmount(tx, transactionId);
  if (total > Number(amount)) {
    throw new HttpError(
      409,
      'refund_exceeds_amount',
      `The transaction's refunds would come to ${total}, more than its amount of ${amount}`,
      [{ path: 'body.status', message: 'Refunds would exceed the amount' }],
    );
  }
  await setRefundedAmount(tx, transactionId, total);
};

/**
 * Sets a transaction's or refund's status (portal.md §2.4). The transaction's status history gets
 * the new entry, the rollups follow through their triggers, a refund's change recounts the
 * refundable remainder; audited, and the item's webhook is queued in the same transaction.
 */
export const createStatusUpdate = (db: Db, actor: Actor, body: TStatusUpdateCreate) => {
  const id = newId(statusUpdateWrite.idPrefix);
  const itemId = body[body.type]!;
  return writeOwnRow(db, actor, statusUpdateWrite, id, 'created', async (tx) => {
    const item = await repo.lockItem(tx, body.type, itemId);
    if (!item) throw notFoundAt(`body.${body.type}`, body.type === 'transaction' ? 'Transaction' : 'Refund');
    // A transaction moves only as its lifecycle allows (409 invalid_transition); a reversal, an undo, restores any earlier state.
    if (body.type === 'transaction')
      assertTransition(item.status as TransactionStatus, body.status as TransactionStatus);
    const at = new Date();
    const reason = body.status_reason ?? null;
    const history = [
      ...(Array.isArray(item.status_history) ? item.status_history : []),
      { status: body.status, at: at.toISOString(), reason },
    ];
    await repo.writeItem(tx, body.type, item.id, { status: body.status, reason, history, updatedAt: at });
    if (body.type === 'refund') await recountRefunds(tx, item.transaction_id);
    await repo.insertStatusUpdate(tx, {
      id,
      type: body.type,
      transactionId: item.transaction_id,
      refundId: body.type === 'refund' ? item.id : null,
      organisationId: item.organisation_id,
      merchantId: item.merchant_id,
      status: body.status,
      reason,
      previous: item,
      reverses: null,
      createdBy: actor.userId,
    });
    await notifyItem(tx, body.type, item.id);
    return {
      audit: { transactionId: item.transaction_id },
      detail: { type: body.type, item: item.id, from: item.status, to: body.status },
    };
  });
};

/** Undoes the newest status update of an item: status, reason, history and time exactly as before; audited, webhook sent. */
export const reverseStatusUpdate = (db: Db, actor: Actor, updateId: string) => {
  const id = newId(statusUpdateWrite.idPrefix);
  return writeOwnRow(db, actor, statusUpdateWrite, id, 'reversed', async (tx) => {
    const update = (await lockInScope(tx, actor, statusUpdateWrite, updateId)) as repo.StoredUpdate;
    if (update.reversed_by) throw conflict('This status update has already been reversed');
    const itemId = update.type === 'transaction' ? update.transaction_id : update.refund_id!;
    const item = (await repo.lockItem(tx, update.type, itemId))!;
    if ((await repo.latestUpdateOf(tx, update.type, itemId)) !== update.id)
      throw conflict('A later status update of this item exists; reverse that one first');
    await repo.writeItem(tx, update.type, itemId, {
      status: update.previous_status,
      reason: update.previous_status_reason,
      history: update.previous_status_history,
      updatedAt: update.previous_updated_at,
    });
    if (update.type === 'refund') await recountRefunds(tx, update.transaction_id);
    await repo.insertStatusUpdate(tx, {
      id,
      type: update.type,
      transactionId: update.transaction_id,
      refundId: update.refund_id,
      organisationId: item.organisation_id,
      merchantId: item.merchant_id,
      status: update.previous_status,
      reason: update.previous_status_reason,
      previous: item,
      reverses: update.id,
      createdBy: actor.userId,
    });
    await repo.markReversed(tx, update.id, id);
    await notifyItem(tx, update.type, itemId);
    return {
      audit: { transactionId: update.transaction_id, responseCode: 201 },
      detail: { reverses: update.id, from: item.status, to: update.previous_status },
    };
  });
};
