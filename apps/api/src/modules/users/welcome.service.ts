import sanitizeHtml from 'sanitize-html';
import type { Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { escapeHtml, mailLanguage, welcomeMail, welcomeSubject } from '../auth/mail-templates.ts';
import { passwordLink } from '../auth/password.service.ts';
import { issueUserToken } from '../auth/token.repository.ts';
import { findDefaultWelcomeContent } from './users.repository.ts';

/** What users may write in a welcome mail: the rich-text editor's formatting, links and images. */
export const sanitizeWelcomeHtml = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
    allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
  });

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** A plain-text part for mail clients without HTML: paragraphs on their own lines, links spelled out. */
export const htmlToText = (html: string): string =>
  decodeEntities(
    sanitizeHtml(
      html
        .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2: $1')
        .replace(/<\/(p|h[1-6]|li|div)>|<br\s*\/?>|<hr\s*\/?>/gi, '\n'),
      { allowedTags: [], allowedAttributes: {} },
    ),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Fills `{{name}}` and `{{link}}` in a template; a template without the link still gets it. */
export const renderWelcomeContent = (content: string, input: { name: string; email: string; link: string }): string => {
  const filled = content
    .replace(/\{\{\s*name\s*\}\}/g, escapeHtml(input.name))
    .replace(/\{\{\s*email\s*\}\}/g, escapeHtml(input.email))
    .replace(/\{\{\s*link\s*\}\}/g, escapeHtml(input.link));
  return content.includes('{{link}}')
    ? filled
    : `${filled}\n<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`;
};

/** A welcome mail rendered from a template (or the built-in one) in the user's language. */
export const composeWelcomeMail = (
  content: string | undefined,
  user: { name: string; email: string; language: string },
  link: string,
) => {
  const lang = mailLanguage(user.language);
  if (!content) return welcomeMail(lang, { name: user.name, link });
  const html = renderWelcomeContent(content, { name: user.name, email: user.email, link });
  return { subject: welcomeSubject(lang), html, text: htmlToText(html) };
};

/** Issues a set-password token (24 hours) and mails the side's default welcome mail with it. */
export const sendWelcomeMail = async (
  db: Queryable,
  user: { id: string; email: string; name: string; language: string },
  psp: boolean,
  publicUrl: string,
) => {
  const token = await issueUserToken(db, user.id, 'welcome');
  const mail = composeWelcomeMail(await findDefaultWelcomeContent(db, psp), user, passwordLink(publicUrl, token, true));
  await queueMail(db, { to: user.email, ...mail, template: psp ? 'welcome_psp' : 'welcome' });
};
