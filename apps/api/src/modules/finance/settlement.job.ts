import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { markDuePayouts, runSettlement } from './settlement.service.ts';

export const SETTLEMENT_QUEUE = 'settlement.run';
/** How often closed periods are settled and due payouts made; a period waits at most this long after it closes. */
export const SETTLEMENT_EVERY_SECONDS = 15 * 60;

/**
 * The periodic settlement run. Safe to repeat and to run on several workers at once: each
 * merchant period is settled in one transaction under its profile's row lock, and unique
 * indexes refuse a second settlement of the same period or the same transaction.
 */
export const registerSettlementJobs = (): void => {
  registerJobHandler(SETTLEMENT_QUEUE, async (payload, ctx) => {
    const merchantId = typeof payload.merchantId === 'string' ? payload.merchantId : null;
    const now = new Date();
    const result = await runSettlement(ctx.db, { now, merchantId });
    const paid = await markDuePayouts(ctx.db, now);
    if (result.settlements.length > 0 || paid > 0)
      ctx.log.info('settlement run', { settlements: result.settlements.length, payoutsPaid: paid });
  });
  schedulePeriodic(SETTLEMENT_QUEUE, SETTLEMENT_EVERY_SECONDS);
};
