import { describe, expect, it } from 'vitest';
import { statusVocabularies, type TransactionStatus } from './statuses.ts';
import {
  assertTransition,
  canTransition,
  invalidStep,
  isFinalTransactionStatus,
  TransitionError,
} from './transaction-lifecycle.ts';

const statuses = statusVocabularies.transaction.values;

// The allowed moves, written out by hand from docs/decisions.md "Transaction lifecycle": every pair
// not on these lines must be refused.
const ALLOWED = `
INITIATED            → IN_PROGRESS OPEN PENDING SUBMITTED AUTHORIZED SETTLEMENT_REQUESTED DECLINED PROCESSOR_DECLINED GATEWAY_REJECTED FAILED CANCELLED ABANDONED EXPIRED UNKNOWN
OPEN                 → IN_PROGRESS PENDING AUTHORIZED SETTLEMENT_REQUESTED DECLINED FAILED CANCELLED ABANDONED EXPIRED
IN_PROGRESS          → PENDING SUBMITTED AUTHORIZED SETTLEMENT_REQUESTED DECLINED PROCESSOR_DECLINED GATEWAY_REJECTED FAILED CANCELLED ABANDONED EXPIRED UNKNOWN
PENDING              → SUBMITTED AUTHORIZED SETTLEMENT_REQUESTED DECLINED PROCESSOR_DECLINED FAILED CANCELLED ABANDONED EXPIRED UNKNOWN
SUBMITTED            → AUTHORIZED SETTLEMENT_REQUESTED DECLINED PROCESSOR_DECLINED GATEWAY_REJECTED FAILED UNKNOWN
UNKNOWN              → AUTHORIZED SETTLEMENT_REQUESTED DECLINED FAILED CANCELLED
AUTHORIZED           → REAUTHORIZED SETTLEMENT_REQUESTED SENT_FOR_SETTLEMENT AUTHORIZATION_VOIDED AUTHORIZATION_EXPIRED CANCELLED
REAUTHORIZED         → SETTLEMENT_REQUESTED SENT_FOR_SETTLEMENT AUTHORIZATION_VOIDED AUTHORIZATION_EXPIRED CANCELLED
SETTLEMENT_REQUESTED → SENT_FOR_SETTLEMENT SETTLING SETTLEMENT_COMPLETED SETTLEMENT_CANCELLED SETTLEMENT_FAILED SETTLEMENT_DECLINED VOIDED
SENT_FOR_SETTLEMENT  → SETTLING SETTLED SETTLEMENT_COMPLETED SETTLEMENT_FAILED SETTLEMENT_DECLINED
SETTLING             → SETTLED SETTLEMENT_COMPLETED SETTLEMENT_FAILED SETTLEMENT_DECLINED
SETTLED              → SETTLEMENT_COMPLETED PAID CHARGEBACK
SETTLEMENT_COMPLETED → PAID CHARGEBACK
PAID                 → CHARGEBACK
CHARGEBACK           → SETTLEMENT_COMPLETED
`;
const allowed = new Set(
  ALLOWED.trim()
    .split('\n')
    .flatMap((line) => {
      const [from, tos] = line.split('→').map((part) => part.trim());
      return tos.split(/\s+/).map((to) => `${from}>${to}`);
    }),
);

describe('transaction lifecycle', () => {
  it('has the 28 statuses of payments.md', () => {
    expect(statuses).toHaveLength(28);
    for (const pair of allowed) for (const status of pair.split('>')) expect(statuses).toContain(status);
  });

  it('allows exactly the listed transitions and refuses every other of the 28 × 28 pairs', () => {
    let refused = 0;
    for (const from of statuses) {
      for (const to of statuses) {
        const expected = allowed.has(`${from}>${to}`);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
        if (!expected) {
          refused++;
          expect(() => assertTransition(from, to)).toThrow(TransitionError);
        } else expect(() => assertTransition(from, to)).not.toThrow();
      }
    }
    expect(refused).toBe(28 * 28 - allowed.size);
  });

  it('never moves a status to itself, and final statuses have no way out', () => {
    for (const status of statuses) expect(canTransition(status, status)).toBe(false);
    const finals: TransactionStatus[] = [
      'DECLINED',
      'PROCESSOR_DECLINED',
      'GATEWAY_REJECTED',
      'FAILED',
      'CANCELLED',
      'ABANDONED',
      'EXPIRED',
      'AUTHORIZATION_VOIDED',
      'AUTHORIZATION_EXPIRED',
      'VOIDED',
      'SETTLEMENT_CANCELLED',
      'SETTLEMENT_FAILED',
      'SETTLEMENT_DECLINED',
    ];
    for (const status of statuses) expect(isFinalTransactionStatus(status), status).toBe(finals.includes(status));
  });

  it('reaches every status from INITIATED, and has the arrows of the lifecycle diagram', () => {
    const seen = new Set<TransactionStatus>(['INITIATED']);
    const queue: TransactionStatus[] = ['INITIATED'];
    while (queue.length) {
      const from = queue.shift()!;
      for (const to of statuses) {
        if (!canTransition(from, to) || seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
      }
    }
    expect([...seen].sort()).toEqual([...statuses].sort());
    expect(canTransition('INITIATED', 'AUTHORIZED')).toBe(true);
    expect(canTransition('INITIATED', 'PENDING')).toBe(true);
  });

  it('names the wrong step of a history', () => {
    expect(invalidStep(['INITIATED', 'AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED'])).toBeNull();
    expect(invalidStep(['INITIATED', 'DECLINED', 'SETTLEMENT_COMPLETED'])).toEqual({
      index: 2,
      from: 'DECLINED',
      to: 'SETTLEMENT_COMPLETED',
    });
    expect(invalidStep(['AUTHORIZED'])).toEqual({ index: 0, from: null, to: 'AUTHORIZED' });
    expect(new TransitionError('FAILED', 'PAID').message).toBe('A transaction cannot go from FAILED to PAID');
  });
});
