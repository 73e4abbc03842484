import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { runBilling } from './billing.service.ts';

export const BILLING_QUEUE = 'billing.run';
/** How often due subscriptions are billed; a cycle waits at most this long after its due date. */
export const BILLING_EVERY_SECONDS = 15 * 60;

/**
 * The periodic billing run. Safe to repeat and to run on several workers at once: each cycle
 * attempt is claimed under a row lock and a unique key in the same transaction as its charge.
 */
export const registerBillingJobs = (): void => {
  registerJobHandler(BILLING_QUEUE, async (payload, ctx) => {
    const organisationId = typeof payload.organisationId === 'string' ? payload.organisationId : null;
    const result = await runBilling(ctx.db, { now: new Date(), organisationId });
    if (result.charged.length > 0 || result.errors.length > 0) {
      ctx.log.info('billing run', { charged: result.charged.length, errors: result.errors });
    }
  });
  schedulePeriodic(BILLING_QUEUE, BILLING_EVERY_SECONDS);
};
