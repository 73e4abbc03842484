import nodemailer from 'nodemailer';
import { PermanentJobError, registerJobHandler, type JobContext } from '../../jobs/handlers.ts';
import { sql } from '../db/index.ts';

type MailRow = { id: string; to_address: string; subject: string; html: string; text: string; status: string };

/**
 * Delivers one stored mail: by SMTP when SMTP_URL is set, otherwise it stays in the stored
 * mailbox (the mail table, shown at /v1/dev/mailbox in development and demo mode). A mail
 * already sent or stored is not sent again when its job runs twice after a crash.
 */
export const deliverMail = async (payload: Record<string, unknown>, { db, config, job }: JobContext): Promise<void> => {
  const mailId = typeof payload.mailId === 'string' ? payload.mailId : '';
  const [mail] = await db.query<MailRow>(
    sql`select id, to_address, subject, html, text, status from mail where id = ${mailId}`,
  );
  if (!mail) throw new PermanentJobError(`mail ${mailId} does not exist`);
  if (mail.status === 'sent' || mail.status === 'stored') return;
  if (!config.smtpUrl) {
    await db.query(
      sql`update mail set status = 'stored', transport = 'mailbox', error = null, sent_at = now() where id = ${mail.id}`,
    );
    return;
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  try {
    await transport.sendMail({
      from: config.mailFrom,
      to: mail.to_address,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: `<${mail.id}@kassa>`,
    });
    await db.query(
      sql`update mail set status = 'sent', transport = 'smtp', error = null, sent_at = now() where id = ${mail.id}`,
    );
  } catch (error) {
    // The job retries with backoff; the mail shows the last error and, after the last try, failed.
    const status = job.attempts >= job.max_attempts ? 'failed' : 'queued';
    await db.query(
      sql`update mail set status = ${status}, transport = 'smtp', error = ${String((error as Error).message).slice(0, 1000)} where id = ${mail.id}`,
    );
    throw error;
  } finally {
    transport.close();
  }
};

export const registerMailDelivery = (): void => registerJobHandler('mail', deliverMail);
