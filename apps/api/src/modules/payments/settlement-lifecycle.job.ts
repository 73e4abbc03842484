import type { TransactionStatus } from '@kassa/domain';
import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import type { Db } from '../../plugins/db/index.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import { dueTransactions, lockDueTransaction } from './settlement-lifecycle.repository.ts';

export const SETTLEMENT_LIFECYCLE_QUEUE = 'payments.settlement-lifecycle';
export const SETTLEMENT_LIFECYCLE_EVERY_SECONDS = 60;
const HOUR = 3_600_000;

type Step = {
  from: readonly TransactionStatus[];
  /** How long a transaction waits in `from` before the step. */
  afterMs: number;
  to: (transaction: { amount: number }) => { status: TransactionStatus; reason: string };
};

/**
 * What the sandbox acquirers do with a payment after it was authorised or captured, decided only
 * by the payment so that merchants can provoke each outcome (docs/decisions.md):
 * - a capture is settled a day later (SETTLEMENT_COMPLETED), except an amount ending in 54 minor
 *   units, which the acquirer refuses to settle (SETTLEMENT_DECLINED);
 * - an authorisation not captured within 7 days expires (AUTHORIZATION_EXPIRED), as the schemes'
 *   authorisations do.
 * Payouts, settlement runs and PAID are not moved here.
 */
export const LIFECYCLE_STEPS: readonly Step[] = [
  {
    from: ['SETTLEMENT_REQUESTED'],
    afterMs: 24 * HOUR,
    to: ({ amount }) =>
      Number(amount) % 100 === 54
        ? { status: 'SETTLEMENT_DECLINED', reason: 'settlement declined by the acquirer (54)' }
        : { status: 'SETTLEMENT_COMPLETED', reason: 'Settled by the acquirer' },
  },
  {
    from: ['AUTHORIZED', 'REAUTHORIZED'],
    afterMs: 7 * 24 * HOUR,
    to: () => ({ status: 'AUTHORIZATION_EXPIRED', reason: 'Not captured within 7 days' }),
  },
];

/**
 * Moves every due transaction one step, each in its own database transaction with its webhook
 * (`transitionTransaction`). Safe to run twice or on several workers at once: a transaction is
 * re-read under its row lock and moved only if it is still due, so no step happens twice.
 * Answers how many transactions moved.
 */
export const advanceSettlementLifecycle = async (db: Db, now: Date = new Date(), batch = 500, maxBatches = 20): Promise<number> => {
  let moved = 0;
  for (const step of LIFECYCLE_STEPS) {
    const cutoff = new Date(now.getTime() - step.afterMs);
    for (let round = 0; round < maxBatches; round++) {
      const due = await dueTransactions(db, step.from, cutoff, batch);
      for (const id of due) {
        moved += await db.transaction(async (tx) => {
          const transaction = await lockDueTransaction(tx, id, step.from, cutoff);
          if (!transaction) return 0;
          const next = step.to(transaction);
          await transitionTransaction(tx, transaction, next.status, next.reason, now);
          return 1;
        });
      }
      if (due.length < batch) break;
    }
  }
  return moved;
};

/** The settlement lifecycle, once a minute on one worker (schedulePeriodic elects it). */
export const registerSettlementLifecycleJob = (): void => {
  registerJobHandler(SETTLEMENT_LIFECYCLE_QUEUE, async (_payload, { db }) => {
    await advanceSettlementLifecycle(db);
  });
  schedulePeriodic(SETTLEMENT_LIFECYCLE_QUEUE, SETTLEMENT_LIFECYCLE_EVERY_SECONDS);
};
