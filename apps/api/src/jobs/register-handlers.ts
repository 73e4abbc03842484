import { registerMailDelivery } from '../plugins/mail/deliver.ts';
import { registerJobMaintenance } from './maintenance.ts';
import { registerBillingJobs } from '../modules/recurring/billing.job.ts';

/**
 * Every area's job handlers and periodic schedules, registered once per process by the worker
 * (in-process or standalone). An area adds one line here for its `register…` function.
 */
export const registerAllJobHandlers = (): void => {
  registerMailDelivery();
  registerJobMaintenance();
  registerBillingJobs();
};
