import { describe, expect, it } from 'vitest';
import {
  assertChargebackTransition,
  canChargebackTransition,
  ChargebackTransitionError,
} from './chargeback-lifecycle.ts';

describe('chargeback lifecycle', () => {
  it('opens, is disputed or accepted, and is decided once', () => {
    expect(canChargebackTransition('OPEN', 'IN_DISPUTE')).toBe(true);
    expect(canChargebackTransition('IN_DISPUTE', 'WON')).toBe(true);
    expect(canChargebackTransition('IN_DISPUTE', 'LOST')).toBe(true);
    expect(canChargebackTransition('OPEN', 'LOST')).toBe(true);
    for (const final of ['WON', 'LOST', 'CANCELLED'] as const)
      for (const to of ['OPEN', 'IN_DISPUTE', 'WON', 'LOST', 'CANCELLED'] as const)
        expect(canChargebackTransition(final, to)).toBe(false);
    expect(canChargebackTransition('OPEN', 'WON')).toBe(false);
    expect(() => assertChargebackTransition('LOST', 'WON')).toThrow(ChargebackTransitionError);
  });
});
