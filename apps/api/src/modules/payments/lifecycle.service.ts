import { assertTransition, type TransactionStatus } from '@kassa/domain';
import type { Queryable } from '../../plugins/db/index.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { moveTransaction } from './transaction.repository.ts';

/**
 * The one way a transaction changes status after it was created (capture, cancel, the 3-D Secure
 * challenge, the settlement jobs). The caller holds the row lock (`select … for update`) and
 * passes the status it read under it. The step is checked against the lifecycle (a
 * `TransitionError` otherwise, answered 409), appended to the history, and the merchant's
 * webhook is queued in the same database transaction (an outbox): the webhook exists if and only
 * if the transition committed, and the lock makes a second, concurrent attempt see the new
 * status and refuse, so neither happens twice.
 */
export const transitionTransaction = async (
  tx: Queryable,
  transaction: { id: string; status: string },
  to: TransactionStatus,
  reason: string | null,
  at: Date = new Date(),
): Promise<void> => {
  assertTransition(transaction.status as TransactionStatus, to);
  await moveTransaction(tx, transaction.id, { status: to, at: at.toISOString(), reason });
  await notifyItem(tx, 'transaction', transaction.id, 'transaction.updated');
};
