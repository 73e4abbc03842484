import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { applyReviewExpiryPolicy } from './review.service.ts';

export const REVIEW_EXPIRY_QUEUE = 'review.expiry';

/** The review expiry policy, every five minutes on one worker (schedulePeriodic elects it). */
export const registerReviewJobs = (): void => {
  registerJobHandler(REVIEW_EXPIRY_QUEUE, async (_payload, { db }) => {
    await applyReviewExpiryPolicy(db);
  });
  schedulePeriodic(REVIEW_EXPIRY_QUEUE, 300);
};
