import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { expireChangeRequests } from './change-request.service.ts';

export const CHANGE_EXPIRY_QUEUE = 'changes.expiry';

/** Change requests past their expiry are marked expired every five minutes (schedulePeriodic elects one worker; a race is harmless). */
export const registerChangeExpiryJob = (): void => {
  registerJobHandler(CHANGE_EXPIRY_QUEUE, async (_payload, { db, log }) => {
    const expired = await expireChangeRequests(db);
    if (expired > 0) log.info('expired change requests', { expired });
  });
  schedulePeriodic(CHANGE_EXPIRY_QUEUE, 300);
};
