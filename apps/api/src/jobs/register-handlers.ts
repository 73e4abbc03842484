import { registerMailDelivery } from '../plugins/mail/deliver.ts';
import { registerJobMaintenance } from './maintenance.ts';
import { registerRetention } from './retention.ts';
import { registerBillingJobs } from '../modules/recurring/billing.job.ts';
import { registerPasswordJobs } from '../modules/auth/password.service.ts';
import { registerImportJobs } from '../modules/imports/import.service.ts';
import { registerWebhookJobs } from '../modules/webhooks/webhook.job.ts';
import { registerSettlementUpdateJobs } from '../modules/admin/settlement-update.job.ts';
import { registerPushJobs } from '../modules/push/push.job.ts';
import { registerDemoTraffic } from '../demo/traffic.ts';
import { registerSettlementJobs } from '../modules/finance/settlement.job.ts';
import { registerSettlementLifecycleJob } from '../modules/payments/settlement-lifecycle.job.ts';
import { registerCheckoutExpiryJob } from '../modules/checkout/hosted-checkout.job.ts';
import { registerReportJobs } from '../modules/reports/report.service.ts';
import { registerRfmJobs } from '../modules/statistics/rfm.service.ts';
import { registerTestDataJobs } from '../modules/test-mode/test-data.service.ts';
import { registerReviewJobs } from '../modules/review/review.job.ts';
import { registerDisputeReminderJob } from '../modules/payments/dispute-reminder.job.ts';
import { registerChangeExpiryJob } from '../modules/changes/change-request.job.ts';

/**
 * Every area's job handlers and periodic schedules, registered once per process by the worker
 * (in-process or standalone). An area adds one line here for its `register…` function.
 */
export const registerAllJobHandlers = (): void => {
  registerMailDelivery();
  registerJobMaintenance();
  registerRetention();
  registerBillingJobs();
  registerPasswordJobs();
  registerImportJobs();
  registerWebhookJobs();
  registerSettlementUpdateJobs();
  registerPushJobs();
  registerDemoTraffic();
  registerSettlementJobs();
  registerSettlementLifecycleJob();
  registerCheckoutExpiryJob();
  registerReportJobs();
  registerTestDataJobs();
  registerRfmJobs();
  registerReviewJobs();
  registerDisputeReminderJob();
  registerChangeExpiryJob();
};
