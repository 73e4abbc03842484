import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { expireCheckoutSessions } from './hosted-checkout.service.ts';

export const CHECKOUT_EXPIRY_QUEUE = 'checkout.expire';

/** Every 30 seconds one worker fails the payments of challenges left unfinished past their 15 minutes. */
export const registerCheckoutExpiryJob = (): void => {
  registerJobHandler(CHECKOUT_EXPIRY_QUEUE, async (_payload, { db }) => {
    await expireCheckoutSessions(db);
  });
  schedulePeriodic(CHECKOUT_EXPIRY_QUEUE, 30);
};
