import { access } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Db } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { mailLanguage } from '../auth/mail-templates.ts';
import { PUSH_QUEUE } from '../push/push.job.ts';
import type { PushEventPayload } from '../push/push.service.ts';
import { disputeReminderMail } from './dispute-reminder-mail.ts';
import {
  claimReminder,
  countReminderRecipients,
  disputesToRemind,
  reminderRecipients,
} from './dispute-reminder.repository.ts';

/**
 * Reminds the merchant's users who may answer a dispute, 7 and 2 days before its due date, by mail
 * and by push (to those who picked `dispute.reminder` in their profile), each in their language.
 * The claim row, the mails and the push job are written in one transaction: a reminder is sent
 * once per chargeback and threshold, also with several workers or a rerun, and never lost by a crash.
 */
export const sendDisputeReminders = async (
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  now: Date = new Date(),
  batch = 200,
): Promise<number> => {
  let sent = 0;
  for (const due of await disputesToRemind(db, now, batch)) {
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, due))) return false;
      const people = await reminderRecipients(tx, due, access.chargeback.respond);
      const link = `${config.publicUrl}/chargebacks?open=${encodeURIComponent(due.id)}`;
      for (const person of people) {
        const mail = disputeReminderMail(mailLanguage(person.language), {
          name: person.name,
          id: due.id,
          amount: due.amount,
          currency: due.currency_code,
          reasonCode: due.reason_code,
          dueAt: due.due_at,
          days: due.days_before,
          timeZone: person.time_zone,
          link,
        });
        await queueMail(tx, { to: person.email, ...mail, template: 'dispute_reminder' });
      }
      await countReminderRecipients(tx, due, people.length);
      if (people.length) {
        const payload: PushEventPayload = {
          event: 'dispute.reminder',
          id: due.id,
          organisation_id: due.organisation_id,
          amount: due.amount,
          currency_code: due.currency_code,
          days: due.days_before,
          users: people.map((p) => p.id),
        };
        await enqueue(tx, PUSH_QUEUE, payload);
      }
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
};
