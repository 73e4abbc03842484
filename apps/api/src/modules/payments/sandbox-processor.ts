import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The sandbox acquirer behind every processor: answers like a real acquirer would (approve, or
 * decline with the scheme's reason code), but decided only by the input, so tests, demos and
 * merchants integrating can provoke every outcome on purpose. Documented in docs/decisions.md.
 *
 * Rules, first match wins:
 * - the processor is down (sandbox_outage)          → FAILED   "processor unavailable (91)"
 * - a test card of TEST_CARDS with an outcome       → that outcome
 * - amount ending in 51 minor units (e.g. 10.51)    → DECLINED "insufficient funds (51)"
 * - amount ending in 52                             → FAILED   "processor error (96)"
 * - amount ending in 53                             → DECLINED "suspected fraud (59)"
 * - a customer whose status is UNKNOWN              → DECLINED "customer unknown to the issuer (05)"
 * - anything else                                   → SETTLEMENT_REQUESTED (a sale, captured at once)
 * The answer takes the processor's sandbox_latency_ms. Refunds are always accepted at once (PROCESSED).
 */
export type SandboxStatus = 'SETTLEMENT_REQUESTED' | 'DECLINED' | 'FAILED';
export type SandboxCard = { brand: string; bin: string; last4: string };
export type SandboxProcessor = { latencyMs: number; outage: boolean };
export type SandboxPayment = {
  amount: number;
  productType: string;
  customerStatus: string | null;
  /** A card number (digits only); card payments without one pay with the default test card. */
  cardNumber?: string | null;
};
export type SandboxAnswer = {
  status: SandboxStatus;
  reason: string | null;
  /** The scheme's response code ('00' approved). */
  code: string;
  externalId: string;
  card: SandboxCard | null;
};

type Outcome = { status: SandboxStatus; code: string; reason: string | null };
const APPROVED: Outcome = { status: 'SETTLEMENT_REQUESTED', code: '00', reason: null };
const declined = (code: string, reason: string): Outcome => ({
  status: 'DECLINED',
  code,
  reason: `${reason} (${code})`,
});
const failed = (code: string, reason: string): Outcome => ({ status: 'FAILED', code, reason: `${reason} (${code})` });

/** The documented test cards: number → outcome (any expiry in the future, any CVC). */
export const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4111111111111111': APPROVED,
  '4242424242424242': APPROVED,
  '5555555555554444': APPROVED,
  '378282246310005': APPROVED,
  '6759649826438453': APPROVED,
  '4000000000000002': declined('05', 'do not honour'),
  '4000000000009995': declined('51', 'insufficient funds'),
  '4000000000000069': declined('54', 'expired card'),
  '4100000000000019': declined('59', 'suspected fraud'),
  '4000000000000119': failed('96', 'processor error'),
};

/** Any card: the last two minor-unit digits of the amount force these outcomes (e.g. 10.51). */
export const AMOUNT_OUTCOMES: Readonly<Record<number, Outcome>> = {
  51: declined('51', 'insufficient funds'),
  52: failed('96', 'processor error'),
  53: declined('59', 'suspected fraud'),
};

/** The card brand a number's prefix names, as the schemes assign them. */
export const cardBrandOf = (number: string): string => {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^4/.test(number)) return 'visa';
  return 'maestro';
};

/** What the acquirer learns of a card: brand, BIN (first six) and last four digits. */
export const sandboxCard = (productType: string, cardNumber?: string | null): SandboxCard | null => {
  if (productType !== 'card') return null;
  const number = cardNumber ?? '4242424242424242';
  return { brand: cardBrandOf(number), bin: number.slice(0, 6), last4: number.slice(-4) };
};

/**
 * The issuing country of a card by its BIN, as the sandbox acquirer's BIN table has it (the review
 * queue compares it with where the shopper is). Documented test cards: 4242… and 5555… are US
 * cards, 3782… US, 6759… GB, 4000… and 4100… DE; any other card is Dutch.
 */
export const sandboxIssuerCountry = (bin: string | null): string | null => {
  if (!bin) return null;
  if (/^(4242|5555|3782|4111)/.test(bin)) return 'US';
  if (bin.startsWith('6759')) return 'GB';
  if (/^(4000|4100)/.test(bin)) return 'DE';
  return 'NL';
};

const externalId = (prefix: string) => `sbx_${prefix}_${randomBytes(10).toString('hex')}`;

const outcomeOf = (payment: SandboxPayment, processor: SandboxProcessor): Outcome => {
  if (processor.outage) return failed('91', 'processor unavailable');
  const card = payment.productType === 'card' && payment.cardNumber ? TEST_CARDS[payment.cardNumber] : undefined;
  if (card && card !== APPROVED) return card;
  const byAmount = AMOUNT_OUTCOMES[payment.amount % 100];
  if (byAmount) return byAmount;
  if (payment.customerStatus === 'UNKNOWN') return declined('05', 'customer unknown to the issuer');
  return APPROVED;
};

export const sandboxAuthorise = async (
  payment: SandboxPayment,
  processor: SandboxProcessor = { latencyMs: 0, outage: false },
): Promise<SandboxAnswer> => {
  if (processor.latencyMs > 0) await sleep(processor.latencyMs);
  const outcome = outcomeOf(payment, processor);
  return { ...outcome, externalId: externalId('tx'), card: sandboxCard(payment.productType, payment.cardNumber) };
};

export const sandboxRefund = (): { status: 'PROCESSED'; externalId: string } => ({
  status: 'PROCESSED',
  externalId: externalId('rf'),
});

/**
 * The documented test card with this BIN and last four digits, if any. A payment kept waiting
 * for a challenge stores no card number; the test cards differ in BIN and last four, so the
 * sandbox still answers as that card does afterwards.
 */
export const testCardNumberOf = (bin: string | null, last4: string | null): string | null =>
  Object.keys(TEST_CARDS).find((number) => number.slice(0, 6) === bin && number.slice(-4) === last4) ?? null;
