import type { ChargebackStatus } from './statuses.ts';

/**
 * The chargeback lifecycle (payments.md: open, in dispute, won, lost, cancelled): a chargeback is
 * opened by the acquirer, disputed by the merchant's defence or accepted (lost), withdrawn by the
 * cardholder (cancelled), and decided by the issuer (won or lost). Won, lost and cancelled are final.
 */
export const CHARGEBACK_TRANSITIONS: Readonly<Partial<Record<ChargebackStatus, readonly ChargebackStatus[]>>> = {
  OPEN: ['IN_DISPUTE', 'LOST', 'CANCELLED'],
  IN_DISPUTE: ['WON', 'LOST', 'CANCELLED'],
};

/** Whether a chargeback in `from` may move to `to`. */
export const canChargebackTransition = (from: ChargebackStatus, to: ChargebackStatus): boolean =>
  CHARGEBACK_TRANSITIONS[from]?.includes(to) ?? false;

/** A chargeback move the lifecycle does not allow. */
export class ChargebackTransitionError extends Error {
  constructor(
    readonly from: ChargebackStatus,
    readonly to: ChargebackStatus,
  ) {
    super(`A chargeback cannot go from ${from} to ${to}`);
    this.name = 'ChargebackTransitionError';
  }
}

/** Throws a ChargebackTransitionError unless `from` → `to` is allowed. */
export const assertChargebackTransition = (from: ChargebackStatus, to: ChargebackStatus): void => {
  if (!canChargebackTransition(from, to)) throw new ChargebackTransitionError(from, to);
};
