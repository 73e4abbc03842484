import type { PaymentProduct, TransactionStatus } from '@kassa/domain';
import { weights, type Rng } from './random.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Outcome =
  'success' | 'DECLINED' | 'FAILED' | 'BLOCKED' | 'ABANDONED' | 'CANCELLED' | 'AUTHORIZATION_VOIDED' | 'UNKNOWN';

// Proportions a PSP sees: about 6 % declined, 2 % failed (some blocked by risk rules), 5 % abandoned.
const CARD_OUTCOMES = weights<Outcome>([
  ['success', 84.5],
  ['DECLINED', 7.5],
  ['FAILED', 1.6],
  ['BLOCKED', 0.5],
  ['ABANDONED', 3.5],
  ['CANCELLED', 1],
  ['AUTHORIZATION_VOIDED', 1.2],
  ['UNKNOWN', 0.2],
]);
const REDIRECT_OUTCOMES = weights<Outcome>([
  ['success', 85.3],
  ['DECLINED', 4],
  ['FAILED', 1.8],
  ['BLOCKED', 0.2],
  ['ABANDONED', 7],
  ['CANCELLED', 1.5],
  ['UNKNOWN', 0.2],
]);
const SEPA_OUTCOMES = weights<Outcome>([
  ['success', 88.3],
  ['DECLINED', 5],
  ['FAILED', 2.5],
  ['BLOCKED', 0.2],
  ['ABANDONED', 2],
  ['CANCELLED', 2],
]);

const DECLINE_REASONS = weights([
  ['Insufficient funds', 35],
  ['Do not honour', 25],
  ['3-D Secure authentication failed', 15],
  ['Card expired', 8],
  ['Suspected fraud', 7],
  ['Invalid card number', 5],
  ['Limit exceeded', 5],
]);
const FAILURE_REASONS = [
  'Processor timeout',
  'Gateway error',
  'Connection reset by processor',
  'Invalid processor response',
] as const;
const BLOCK_REASONS = [
  'Blocked by risk rule: velocity per card',
  'Blocked by risk rule: high-risk country',
  'Blocked by risk rule: amount above limit',
] as const;

export type Lifecycle = {
  status: TransactionStatus;
  reason: string | null;
  blocked: boolean;
  /** JSON text of [{status, at}] from INITIATED to the current status. */
  history: string;
  updatedAt: number;
  /** When the money was settled, if it has been. */
  settledAt: number | null;
};

const isRedirect = (product: PaymentProduct) => product === 'ideal' || product === 'paypal' || product === 'bancontact';

/** The next nightly settlement batch (22:00 UTC) after a moment. */
const nextBatch = (at: number): number => {
  const batch = Math.floor(at / DAY) * DAY + 22 * HOUR;
  return batch > at ? batch : batch + DAY;
};

/** The steps a payment of this product goes through when it succeeds. */
const successSteps = (rng: Rng, product: PaymentProduct, t: number): [TransactionStatus, number][] => {
  if (product === 'sepa') {
    const requested = t + rng.int(2, 20) * HOUR;
    return [
      ['PENDING', t + rng.int(1, 5) * SECOND],
      ['SETTLEMENT_REQUESTED', requested],
      ['SETTLEMENT_COMPLETED', requested + rng.int(2, 5) * DAY],
    ];
  }
  if (isRedirect(product)) {
    const paid = t + rng.int(30, 300) * SECOND;
    return [
      ['PENDING', t + rng.int(3, 25) * SECOND],
      ['SETTLEMENT_REQUESTED', paid],
      ['SETTLEMENT_COMPLETED', nextBatch(paid) + rng.int(0, 90) * MINUTE],
    ];
  }
  const authorised = t + rng.int(2, 15) * SECOND;
  const requested = nextBatch(authorised) + rng.int(0, 30) * MINUTE;
  return [
    ['AUTHORIZED', authorised],
    ['SETTLEMENT_REQUESTED', requested],
    ['SETTLEMENT_COMPLETED', requested + rng.int(20, 40) * HOUR],
  ];
};

const failureSteps = (
  rng: Rng,
  outcome: Exclude<Outcome, 'success'>,
  product: PaymentProduct,
  t: number,
): [TransactionStatus, number][] => {
  const first: [TransactionStatus, number][] =
    isRedirect(product) || product === 'sepa' ? [['PENDING', t + rng.int(3, 25) * SECOND]] : [];
  const after = first.length ? first[0][1] : t;
  switch (outcome) {
    case 'DECLINED':
      return [...first, ['DECLINED', after + rng.int(2, 40) * SECOND]];
    case 'FAILED':
    case 'BLOCKED':
      return [['FAILED', t + rng.int(1, 5) * SECOND]];
    case 'ABANDONED':
      return [...first, ['ABANDONED', after + rng.int(15, 60) * MINUTE]];
    case 'CANCELLED':
      return first.length
        ? [...first, ['CANCELLED', after + rng.int(1, 10) * MINUTE]]
        : [
            ['AUTHORIZED', t + rng.int(2, 15) * SECOND],
            ['CANCELLED', t + rng.int(5, 180) * MINUTE],
          ];
    case 'AUTHORIZATION_VOIDED':
      return [
        ['AUTHORIZED', t + rng.int(2, 15) * SECOND],
        ['AUTHORIZATION_VOIDED', t + rng.int(20, 72) * HOUR],
      ];
    case 'UNKNOWN':
      return [['UNKNOWN', t + rng.int(30, 120) * SECOND]];
  }
};

/**
 * Decides how a payment made at `t` ended and writes its history. Steps later than `now` have
 * not happened yet, so recent payments are still AUTHORIZED, PENDING or SETTLEMENT_REQUESTED.
 */
export const lifecycle = (rng: Rng, product: PaymentProduct, t: number, now: number): Lifecycle => {
  const table = product === 'sepa' ? SEPA_OUTCOMES : isRedirect(product) ? REDIRECT_OUTCOMES : CARD_OUTCOMES;
  const outcome = rng.weighted(table);
  const steps = outcome === 'success' ? successSteps(rng, product, t) : failureSteps(rng, outcome, product, t);
  let status: TransactionStatus = 'INITIATED';
  let updatedAt = t;
  let history = `[{"status":"INITIATED","at":"${new Date(t).toISOString()}"}`;
  for (const [step, at] of steps) {
    if (at > now) break;
    status = step;
    updatedAt = at;
    history += `,{"status":"${step}","at":"${new Date(at).toISOString()}"}`;
  }
  history += ']';
  const reason =
    status === 'DECLINED'
      ? rng.weighted(DECLINE_REASONS)
      : status === 'FAILED'
        ? rng.pick(outcome === 'BLOCKED' ? BLOCK_REASONS : FAILURE_REASONS)
        : status === 'ABANDONED'
          ? 'Customer did not complete the payment'
          : null;
  return {
    status,
    reason,
    blocked: outcome === 'BLOCKED' && status === 'FAILED',
    history,
    updatedAt,
    settledAt: status === 'SETTLEMENT_COMPLETED' ? updatedAt : null,
  };
};
