import type { Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { emailChangeMail, emailChangeNoticeMail, mailLanguage } from './mail-templates.ts';
import { issueUserToken } from './token.repository.ts';

type MailedUser = { id: string; email: string; name: string; language: string };

/** The page that asks for the address and sends it with the token to `POST /v1/auth/update-email`. */
export const emailChangeLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/updateEmail?token=${encodeURIComponent(token)}`;

/**
 * An administrator's change of someone else's address (issue 30): nothing changes yet. A link
 * to the new address confirms it (the same single-use token as a change from the profile, so
 * `POST /v1/auth/update-email` applies it), and the old address is told, so a stolen
 * administrator account cannot quietly move a user's mail, and with it password resets, elsewhere.
 */
export const requestEmailChangeByAdministrator = async (
  tx: Queryable,
  user: MailedUser,
  newEmail: string,
  publicUrl: string,
): Promise<void> => {
  const token = await issueUserToken(tx, user.id, 'email_change', newEmail);
  const lang = mailLanguage(user.language);
  const confirm = emailChangeMail(lang, { name: user.name, link: emailChangeLink(publicUrl, token) });
  await queueMail(tx, { to: newEmail, ...confirm, template: 'email_change' });
  const notice = emailChangeNoticeMail(lang, { name: user.name, newEmail });
  await queueMail(tx, { to: user.email, ...notice, template: 'email_change_notice' });
};
