import { randomBytes } from 'node:crypto';
import { CHARGEBACK_REASON_CODES, type TransactionStatus } from '@kassa/domain';
import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Db, Queryable, Sql } from '../../plugins/db/index.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import { resolveSandboxChargebacks } from './sandbox-chargebacks.ts';
import { resolveDisputes } from './dispute.service.ts';
import {
  dueChargebacks,
  dueTransactions,
  insertChargeback,
  lockDueChargeback,
  lockDueTransaction,
  orLastMovedBefore,
  SETTLED_BY_TIMER,
} from './settlement-lifecycle.repository.ts';

export const SETTLEMENT_LIFECYCLE_QUEUE = 'payments.settlement-lifecycle';
export const SETTLEMENT_LIFECYCLE_EVERY_SECONDS = 60;
const HOUR = 3_600_000;

type Step = {
  from: readonly TransactionStatus[];
  /** How long a transaction waits in `from` before the step. */
  afterMs: number;
  to: (transaction: { amount: number }) => { status: TransactionStatus; reason: string };
  /** Only transactions that also meet this (alias `transaction`). */
  only?: Sql;
};

/**
 * What the sandbox acquirers do with a payment after it was authorised or captured, decided only
 * by the payment so that merchants can provoke each outcome (docs/decisions.md):
 * - a capture is settled a day later (SETTLEMENT_COMPLETED), except an amount ending in 54 minor
 *   units, which the acquirer refuses to settle (SETTLEMENT_DECLINED). Where the processor's
 *   acquirer has a settlement importer (a processor settlement of its provider), its settlement
 *   file confirms the payment instead (modules/reconciliation, issue 34): the timer only declines;
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
    only: SETTLED_BY_TIMER,
  },
  {
    from: ['AUTHORIZED', 'REAUTHORIZED'],
    afterMs: 7 * 24 * HOUR,
    to: () => ({ status: 'AUTHORIZATION_EXPIRED', reason: 'Not captured within 7 days' }),
  },
];

/** A step no person made, in the audit trail with the system actor (docs/decisions.md). */
const auditSystemStep = (
  tx: Queryable,
  transaction: { id: string; organisation_id: string },
  type: string,
  detail: Record<string, unknown>,
) =>
  recordAudit(tx, {
    ...SYSTEM_ACTOR,
    organisationId: transaction.organisation_id,
    type,
    responseCode: 200,
    entity: 'transaction',
    entityId: transaction.id,
    transactionId: transaction.id,
    detail,
  });

/** The reason the sandbox acquirer gives for its chargebacks. */
export const SANDBOX_CHARGEBACK_REASON_CODE = '4853';
/** How long after settlement the sandbox acquirer's chargeback arrives. */
export const SANDBOX_CHARGEBACK_AFTER_MS = 24 * HOUR;

/**
 * The sandbox acquirer's chargebacks: a settled transaction (SETTLEMENT_COMPLETED) whose amount
 * ends in 55 minor units is charged back a day after it settled, for what was not refunded. In one
 * database transaction under the row lock: the chargeback (OPEN), the transaction to CHARGEBACK,
 * both webhooks (`transaction.updated`, `chargeback.created`) and the audit entry; the status
 * change takes the transaction out of the due set, so a repeated run opens no second chargeback.
 */
export const openSandboxChargebacks = async (db: Db, now: Date = new Date(), batch = 500): Promise<number> => {
  const cutoff = new Date(now.getTime() - SANDBOX_CHARGEBACK_AFTER_MS);
  let opened = 0;
  for (const id of await dueChargebacks(db, cutoff, batch)) {
    opened += await db.transaction(async (tx) => {
      const transaction = await lockDueChargeback(tx, id, cutoff);
      if (!transaction || Number(transaction.open_amount) <= 0) return 0;
      const chargebackId = newId('cb');
      const reason = CHARGEBACK_REASON_CODES[SANDBOX_CHARGEBACK_REASON_CODE];
      await insertChargeback(tx, {
        id: chargebackId,
        transaction,
        reasonCode: SANDBOX_CHARGEBACK_REASON_CODE,
        reason,
        externalId: `sbx_cb_${randomBytes(10).toString('hex')}`,
        at: now,
      });
      await transitionTransaction(
        tx,
        transaction,
        'CHARGEBACK',
        `Chargeback ${SANDBOX_CHARGEBACK_REASON_CODE}: ${reason}`,
        now,
      );
      await notifyItem(tx, 'chargeback', chargebackId, 'chargeback.created');
      await auditSystemStep(tx, transaction, 'chargeback_opened', {
        chargeback: chargebackId,
        amount: Number(transaction.open_amount),
        reason_code: SANDBOX_CHARGEBACK_REASON_CODE,
      });
      return 1;
    });
  }
  return opened;
};

/**
 * Moves every due transaction one step, each in its own database transaction with its webhook
 * (`transitionTransaction`) and its audit entry by the system actor. Safe to run twice or on several workers at once: a transaction is
 * re-read under its row lock and moved only if it is still due, so no step happens twice.
 * Answers how many transactions moved. `historyBefore`: payments sent for settlement before it
 * are settled by the timer even where an importer's files confirm the newer ones (a demo world's
 * history, older than the first report its importers read).
 */
export const advanceSettlementLifecycle = async (
  db: Db,
  now: Date = new Date(),
  batch = 500,
  maxBatches = 20,
  options: { historyBefore?: Date } = {},
): Promise<number> => {
  let moved = 0;
  for (const step of LIFECYCLE_STEPS) {
    const cutoff = new Date(now.getTime() - step.afterMs);
    const only = step.only && options.historyBefore ? orLastMovedBefore(step.only, options.historyBefore) : step.only;
    for (let round = 0; round < maxBatches; round++) {
      const due = await dueTransactions(db, step.from, cutoff, batch, only);
      for (const id of due) {
        moved += await db.transaction(async (tx) => {
          const transaction = await lockDueTransaction(tx, id, step.from, cutoff, only);
          if (!transaction) return 0;
          const next = step.to(transaction);
          await transitionTransaction(tx, transaction, next.status, next.reason, now);
          await auditSystemStep(tx, transaction, 'transaction_status_changed', {
            from: transaction.status,
            to: next.status,
            status_reason: next.reason,
          });
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
    await openSandboxChargebacks(db);
    await resolveSandboxChargebacks(db);
    await resolveDisputes(db);
  });
  schedulePeriodic(SETTLEMENT_LIFECYCLE_QUEUE, SETTLEMENT_LIFECYCLE_EVERY_SECONDS);
};
