import { assertChargebackTransition, type ChargebackStatus } from '@kassa/domain';
import { recordAudit, SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import {
  dueSandboxChargebacks,
  lockSandboxChargeback,
  writeChargebackStatus,
  type ChargebackState,
} from './settlement-lifecycle.repository.ts';

const DAY = 86_400_000;
/** How long the merchant has to defend an open sandbox chargeback before it goes to the issuer. */
export const SANDBOX_DISPUTE_AFTER_MS = 2 * DAY;
/** How long the issuer takes to decide a disputed sandbox chargeback. */
export const SANDBOX_DECISION_AFTER_MS = 5 * DAY;

/** The issuer's decision, decided by the payment so a merchant can provoke either (docs/decisions.md): even whole units win, odd lose. */
export const sandboxDecision = (transactionAmount: number): 'WON' | 'LOST' =>
  Math.floor(Number(transactionAmount) / 100) % 2 === 0 ? 'WON' : 'LOST';

type Step = { from: 'OPEN' | 'IN_DISPUTE'; afterMs: number; to: (c: ChargebackState) => ChargebackStatus };
const STEPS: readonly Step[] = [
  { from: 'OPEN', afterMs: SANDBOX_DISPUTE_AFTER_MS, to: () => 'IN_DISPUTE' },
  { from: 'IN_DISPUTE', afterMs: SANDBOX_DECISION_AFTER_MS, to: (c) => sandboxDecision(c.transaction_amount) },
];

/**
 * Moves the sandbox acquirer's chargebacks on: OPEN → IN_DISPUTE after two days, then WON or LOST
 * five days later. Each step in one database transaction under the row locks of the chargeback and
 * its transaction: the status checked by the chargeback state machine, `chargeback.updated` queued
 * in the webhook outbox, audited as the system; a won chargeback returns the transaction to
 * SETTLEMENT_COMPLETED (its own state machine, `transaction.updated`). A lost one is deducted by the
 * settlement of the period it was lost in. Safe on several workers: a step is taken only if still due.
 */
export const resolveSandboxChargebacks = async (db: Db, now: Date = new Date(), batch = 500): Promise<number> => {
  let moved = 0;
  for (const step of STEPS) {
    const cutoff = new Date(now.getTime() - step.afterMs);
    for (const id of await dueSandboxChargebacks(db, step.from, cutoff, batch)) {
      moved += await db.transaction(async (tx) => {
        const chargeback = await lockSandboxChargeback(tx, id, step.from, cutoff);
        if (!chargeback) return 0;
        const to = step.to(chargeback);
        assertChargebackTransition(chargeback.status as ChargebackStatus, to);
        await writeChargebackStatus(tx, chargeback.id, to, now, to !== 'IN_DISPUTE');
        if (to === 'WON')
          await transitionTransaction(
            tx,
            { id: chargeback.transaction_id, status: chargeback.transaction_status },
            'SETTLEMENT_COMPLETED',
            `Chargeback ${chargeback.id} won`,
            now,
          );
        await notifyItem(tx, 'chargeback', chargeback.id, 'chargeback.updated');
        await recordAudit(tx, {
          ...SYSTEM_ACTOR,
          organisationId: chargeback.organisation_id,
          type: 'chargeback_status_changed',
          responseCode: 200,
          entity: 'chargeback',
          entityId: chargeback.id,
          transactionId: chargeback.transaction_id,
          detail: { from: chargeback.status, to },
        });
        return 1;
      });
    }
  }
  return moved;
};
