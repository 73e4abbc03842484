import type { TransactionStatus } from './statuses.ts';

/**
 * The transaction lifecycle as one state machine (payments.md "Transaction statuses"): for each
 * status, the statuses it may move to. A status not listed as a source is final. The spec names
 * the 28 statuses and the lifecycle diagram's arrows INITIATED → AUTHORIZED/PENDING "then on to the
 * final states"; the rest follows how acquirers report a payment (docs/decisions.md).
 */
export const TRANSACTION_TRANSITIONS: Readonly<Partial<Record<TransactionStatus, readonly TransactionStatus[]>>> = {
  INITIATED: [
    'IN_PROGRESS',
    'OPEN',
    'PENDING',
    'SUBMITTED',
    'AUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'DECLINED',
    'PROCESSOR_DECLINED',
    'GATEWAY_REJECTED',
    'FAILED',
    'CANCELLED',
    'ABANDONED',
    'EXPIRED',
    'UNKNOWN',
  ],
  // The customer is on the hosted checkout page.
  OPEN: [
    'IN_PROGRESS',
    'PENDING',
    'AUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'DECLINED',
    'FAILED',
    'CANCELLED',
    'ABANDONED',
    'EXPIRED',
  ],
  // The customer is authenticating (3-D Secure, a bank's page).
  IN_PROGRESS: [
    'PENDING',
    'SUBMITTED',
    'AUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'DECLINED',
    'PROCESSOR_DECLINED',
    'GATEWAY_REJECTED',
    'FAILED',
    'CANCELLED',
    'ABANDONED',
    'EXPIRED',
    'UNKNOWN',
  ],
  // Waiting for an asynchronous answer (bank transfer, SEPA mandate, redirect return).
  PENDING: [
    'SUBMITTED',
    'AUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'DECLINED',
    'PROCESSOR_DECLINED',
    'FAILED',
    'CANCELLED',
    'ABANDONED',
    'EXPIRED',
    'UNKNOWN',
  ],
  // Sent to the processor, no answer yet.
  SUBMITTED: [
    'AUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'DECLINED',
    'PROCESSOR_DECLINED',
    'GATEWAY_REJECTED',
    'FAILED',
    'UNKNOWN',
  ],
  // The processor's answer was lost; reconciliation settles it one way or the other.
  UNKNOWN: ['AUTHORIZED', 'SETTLEMENT_REQUESTED', 'DECLINED', 'FAILED', 'CANCELLED'],
  AUTHORIZED: [
    'REAUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'SENT_FOR_SETTLEMENT',
    'AUTHORIZATION_VOIDED',
    'AUTHORIZATION_EXPIRED',
    'CANCELLED',
  ],
  REAUTHORIZED: [
    'SETTLEMENT_REQUESTED',
    'SENT_FOR_SETTLEMENT',
    'AUTHORIZATION_VOIDED',
    'AUTHORIZATION_EXPIRED',
    'CANCELLED',
  ],
  // Captured; a void is still possible until the batch leaves.
  SETTLEMENT_REQUESTED: [
    'SENT_FOR_SETTLEMENT',
    'SETTLING',
    'SETTLEMENT_COMPLETED',
    'SETTLEMENT_CANCELLED',
    'SETTLEMENT_FAILED',
    'SETTLEMENT_DECLINED',
    'VOIDED',
  ],
  SENT_FOR_SETTLEMENT: ['SETTLING', 'SETTLED', 'SETTLEMENT_COMPLETED', 'SETTLEMENT_FAILED', 'SETTLEMENT_DECLINED'],
  SETTLING: ['SETTLED', 'SETTLEMENT_COMPLETED', 'SETTLEMENT_FAILED', 'SETTLEMENT_DECLINED'],
  SETTLED: ['SETTLEMENT_COMPLETED', 'PAID', 'CHARGEBACK'],
  SETTLEMENT_COMPLETED: ['PAID', 'CHARGEBACK'],
  PAID: ['CHARGEBACK'],
  // A won dispute returns the money.
  CHARGEBACK: ['SETTLEMENT_COMPLETED'],
};

/** Whether a transaction in `from` may move to `to`; staying in the same status is not a transition. */
export const canTransition = (from: TransactionStatus, to: TransactionStatus): boolean =>
  TRANSACTION_TRANSITIONS[from]?.includes(to) ?? false;

/** Statuses with no way out. */
export const isFinalTransactionStatus = (status: TransactionStatus): boolean =>
  !TRANSACTION_TRANSITIONS[status]?.length;

/** A transition the lifecycle does not allow; the API answers it with 409 `invalid_transition`. */
export class TransitionError extends Error {
  constructor(
    readonly from: TransactionStatus,
    readonly to: TransactionStatus,
  ) {
    super(`A transaction cannot go from ${from} to ${to}`);
    this.name = 'TransitionError';
  }
}

/** Throws a TransitionError unless `from` → `to` is allowed. */
export const assertTransition = (from: TransactionStatus, to: TransactionStatus): void => {
  if (!canTransition(from, to)) throw new TransitionError(from, to);
};

/** Checks a whole history, first status INITIATED; returns the first wrong step or null. */
export const invalidStep = (
  history: readonly TransactionStatus[],
): { index: number; from: TransactionStatus | null; to: TransactionStatus } | null => {
  if (history[0] !== 'INITIATED') return { index: 0, from: null, to: history[0] };
  for (let i = 1; i < history.length; i++)
    if (!canTransition(history[i - 1], history[i])) return { index: i, from: history[i - 1], to: history[i] };
  return null;
};
