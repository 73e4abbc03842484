import { registerJobHandler } from '../../jobs/handlers.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import { sendDisputeReminders } from './dispute-reminder.service.ts';

export const DISPUTE_REMINDER_QUEUE = 'payments.dispute-reminders';

/** Dispute reminders, every 15 minutes (a reminder is claimed per chargeback and threshold, so any worker may run it). */
export const registerDisputeReminderJob = (): void => {
  registerJobHandler(DISPUTE_REMINDER_QUEUE, async (_payload, { db, config }) => {
    await sendDisputeReminders(db, config);
  });
  schedulePeriodic(DISPUTE_REMINDER_QUEUE, 900);
};
