import {
  CHARGEBACK_REASON_CODES,
  COUNTED_REFUND_STATUSES,
  type PaymentProduct,
  type RefundStatus,
} from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import type { Queryable } from '../plugins/db/index.ts';
import { BulkWriter } from './bulk.ts';
import { DAY } from './calendar.ts';
import type { DemoProfile } from './organisations.ts';
import { weights, type Rng } from './random.ts';
import type { Settlements } from './settlements.ts';

const REFUND_REASONS = [
  'Returned by customer',
  'Damaged on delivery',
  'Order cancelled',
  'Wrong size',
  'Goodwill gesture',
  'Duplicate payment',
];
const OLD_REFUND_STATUSES = weights<RefundStatus>([
  ['PROCESSED', 94],
  ['FAILED', 3],
  ['CANCELLED', 2],
  ['UNKNOWN', 1],
]);
const NEW_REFUND_STATUSES = weights<RefundStatus>([
  ['PENDING', 55],
  ['PROCESSED', 35],
  ['HOLD', 10],
]);
const CARD_CODES = ['10.4', '13.1', '13.3', '13.6', '4837', '4853', '4863'] as const;
const SEPA_CODES = ['AM02', 'MD06'] as const;
const RESOLVED = weights([
  ['WON', 35],
  ['LOST', 45],
  ['CANCELLED', 10],
  ['IN_DISPUTE', 10],
]);

export type SoldPayment = {
  id: string;
  profile: DemoProfile;
  product: PaymentProduct;
  processorId: string;
  amount: number;
  createdAt: number;
  settledAt: number;
};

const counted = new Set<string>(COUNTED_REFUND_STATUSES);

/** Refunds and chargebacks that follow settled payments, written in batches after their transactions. */
export class AfterSales {
  readonly refunds: BulkWriter;
  readonly chargebacks: BulkWriter;

  constructor(
    db: Queryable,
    private readonly rng: Rng,
    private readonly now: number,
    private readonly settlements: Settlements,
    batchSize: number,
  ) {
    this.refunds = new BulkWriter(
      db,
      'refund',
      {
        id: 'text',
        organisation_id: 'text',
        merchant_id: 'text',
        transaction_id: 'text',
        payment_profile_id: 'text',
        amount: 'int8',
        currency_code: 'text',
        reason: 'text',
        status: 'text',
        processor_id_external: 'text',
        last_status_update: 'timestamptz',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      batchSize,
    );
    this.chargebacks = new BulkWriter(
      db,
      'chargeback',
      {
        id: 'text',
        organisation_id: 'text',
        merchant_id: 'text',
        transaction_id: 'text',
        payment_profile_id: 'text',
        processor_id: 'text',
        settlement_id: 'text',
        amount: 'int8',
        currency_code: 'text',
        reason_code: 'text',
        reason: 'text',
        status: 'text',
        processor_id_external: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      batchSize,
    );
  }

  /**
   * Refunds of a settled payment: full or partial, one or two, never more than the payment in
   * total. Returns the amount that counts as refunded (the transaction's refunded_amount).
   */
  refund(payment: SoldPayment): number {
    const { rng } = this;
    if (!rng.chance(payment.profile.merchant.refundRate)) return 0;
    const parts = rng.chance(0.55)
      ? [payment.amount]
      : rng.chance(0.7)
        ? [Math.round(payment.amount * (0.1 + rng() * 0.5))]
        : [Math.round(payment.amount * (0.1 + rng() * 0.3)), Math.round(payment.amount * (0.1 + rng() * 0.3))];
    let at = payment.settledAt;
    let refunded = 0;
    for (const amount of parts) {
      at += Math.floor(DAY * (0.1 + rng() * 12));
      if (at > this.now || amount <= 0) break;
      const age = this.now - at;
      const status = rng.weighted(age < 2 * DAY ? NEW_REFUND_STATUSES : OLD_REFUND_STATUSES);
      const updated = status === 'PROCESSED' || age > DAY ? Math.min(at + rng.int(1, 36) * 3_600_000, this.now) : at;
      const { profile } = payment;
      this.refunds.push(
        newId('rf', at, rng),
        profile.org.id,
        profile.merchantId,
        payment.id,
        profile.id,
        amount,
        profile.spec.currency,
        rng.pick(REFUND_REASONS),
        status,
        `re_${rng.int(1e9, 9e9).toString(36)}`,
        updated,
        at,
        updated,
      );
      if (counted.has(status)) refunded += amount;
      if (status === 'PROCESSED') this.settlements.deduct(profile, updated, amount);
    }
    return refunded;
  }

  /** A chargeback on a settled card or SEPA payment now and then, for what was not refunded. */
  chargeback(payment: SoldPayment, refunded: number): void {
    const { rng } = this;
    const rate =
      payment.product === 'card'
        ? 0.006
        : payment.product === 'sepa'
          ? 0.012
          : payment.product === 'applepay'
            ? 0.002
            : 0;
    if (rate === 0 || refunded >= payment.amount || !rng.chance(rate)) return;
    const at = payment.settledAt + 3 * DAY + Math.floor(DAY * 20 * -Math.log(1 - rng()));
    if (at > this.now) return;
    const age = this.now - at;
    const status =
      age < 7 * DAY ? 'OPEN' : age < 40 * DAY ? (rng.chance(0.6) ? 'IN_DISPUTE' : 'OPEN') : rng.weighted(RESOLVED);
    const updated = status === 'OPEN' ? at : Math.min(at + rng.int(5, 35) * DAY, this.now);
    const code = rng.pick(payment.product === 'sepa' ? SEPA_CODES : CARD_CODES);
    const amount = payment.amount - refunded;
    const { profile } = payment;
    const settlementId = status === 'LOST' ? this.settlements.deduct(profile, updated, amount) : null;
    this.chargebacks.push(
      newId('cb', at, rng),
      profile.org.id,
      profile.merchantId,
      payment.id,
      profile.id,
      payment.processorId,
      settlementId,
      amount,
      profile.spec.currency,
      code,
      CHARGEBACK_REASON_CODES[code],
      status,
      `cb_${rng.int(1e9, 9e9).toString(36)}`,
      at,
      updated,
    );
  }
}
