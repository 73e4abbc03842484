import { newId } from '../../lib/ids.ts';
import { sql, type Queryable } from '../db/index.ts';
import { enqueue } from '../../jobs/queue.ts';

export type OutgoingMail = { to: string; subject: string; html: string; text: string; template?: string };

/**
 * Stores a mail and queues its delivery in the same transaction as the change that caused it,
 * so a mail is sent if and only if that change committed. Delivery (SMTP or the stored
 * mailbox) happens in the `mail` job.
 */
export const queueMail = async (db: Queryable, mail: OutgoingMail): Promise<string> => {
  const id = newId('mail');
  await db.query(sql`insert into mail (id, to_address, subject, html, text, template)
    values (${id}, ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.template ?? null})`);
  await enqueue(db, 'mail', { mailId: id });
  return id;
};
