import { registerJobHandler } from './handlers.ts';
import { pruneJobs } from './job.repository.ts';
import { schedulePeriodic } from './schedules.ts';

/** Hourly clean-up of finished jobs: done ones after 7 days, failed ones after 30 (kept longer to investigate). */
export const registerJobMaintenance = (): void => {
  registerJobHandler('job.prune', async (_payload, { db, log }) => {
    const deleted = await pruneJobs(db, 7, 30);
    if (deleted > 0) log.info('pruned finished jobs', { deleted });
  });
  schedulePeriodic('job.prune', 3600);
};
