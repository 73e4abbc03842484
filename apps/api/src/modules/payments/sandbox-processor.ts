import { randomBytes } from 'node:crypto';

/**
 * The sandbox processor: answers like a real acquirer would, but decided only by the input,
 * so tests, demos and merchants integrating can provoke every outcome on purpose.
 *
 * Rules, first match wins:
 * - amount ending in 51 minor units (e.g. 10.51)  → DECLINED "insufficient funds"
 * - amount ending in 52                            → FAILED   "processor error"
 * - amount ending in 53                            → DECLINED "suspected fraud"
 * - a customer whose status is UNKNOWN             → DECLINED "customer unknown to the issuer"
 * - anything else                                  → SETTLEMENT_REQUESTED
 * Refunds are always accepted at once (PROCESSED).
 */
export type SandboxPayment = { amount: number; productType: string; customerStatus: string | null };
export type SandboxAnswer = {
  status: 'SETTLEMENT_REQUESTED' | 'DECLINED' | 'FAILED';
  reason: string | null;
  externalId: string;
  card: { brand: string; bin: string; last4: string } | null;
};

const externalId = (prefix: string) => `sbx_${prefix}_${randomBytes(10).toString('hex')}`;

export const sandboxAuthorise = (payment: SandboxPayment): SandboxAnswer => {
  const cents = payment.amount % 100;
  const card = payment.productType === 'card' ? { brand: 'visa', bin: '424242', last4: '4242' } : null;
  const answer = (status: SandboxAnswer['status'], reason: string | null): SandboxAnswer => ({ status, reason, externalId: externalId('tx'), card });
  if (cents === 51) return answer('DECLINED', 'insufficient funds');
  if (cents === 52) return answer('FAILED', 'processor error');
  if (cents === 53) return answer('DECLINED', 'suspected fraud');
  if (payment.customerStatus === 'UNKNOWN') return answer('DECLINED', 'customer unknown to the issuer');
  return answer('SETTLEMENT_REQUESTED', null);
};

export const sandboxRefund = (): { status: 'PROCESSED'; externalId: string } => ({ status: 'PROCESSED', externalId: externalId('rf') });
