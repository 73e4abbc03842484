import { hasAccess, access, type TWelcomeMailUpdate } from '@kassa/domain';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { AuthContext } from '../../plugins/auth-context.ts';
import type { Db } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { getEntity } from '../../query/repository.ts';
import { passwordLink } from '../auth/password.service.ts';
import { welcomeMailEntity } from './welcome-mail.entity.ts';
import * as repo from './welcome-mail.repository.ts';
import { composeWelcomeMail, sanitizeWelcomeHtml } from './welcome.service.ts';

type Context = { actor: AuthContext; ip: string; publicUrl: string };

const audit = (ctx: Context, type: string, id: string, detail?: Record<string, unknown>) => ({
  type,
  organisationId: ctx.actor.organisation.id,
  userId: ctx.actor.userId,
  userName: ctx.actor.name,
  origin: ctx.ip,
  route: '/v1/psp/welcome-mail',
  method: 'POST',
  responseCode: 200,
  entity: 'welcome_mail',
  entityId: id,
  detail,
});

/**
 * Creates or updates (when the body carries an id) a template. The content is sanitised here,
 * on the server; setting `default` or `psp_default` clears that flag on every other row in the
 * same transaction, under a lock so two saves at once cannot both keep it.
 */
export const upsertWelcomeMail = async (db: Db, body: TWelcomeMailUpdate & { id?: string }, ctx: Context) => {
  const existing = body.id ? await getEntity(db, welcomeMailEntity, ctx.actor.scope, body.id) : undefined;
  if (!hasAccess(ctx.actor.roles, existing ? access.welcomeMail.update : access.welcomeMail.create)) throw forbidden();
  const id = (existing?.id as string | undefined) ?? newId('wm');
  // An update changes only what it sends; a create (its schema requires both) sends name and content.
  const name = body.name ?? String(existing?.name ?? '');
  const content = body.content === undefined ? String(existing?.content ?? '') : sanitizeWelcomeHtml(body.content);
  await db.transaction(async (tx) => {
    await repo.lockWelcomeMailDefaults(tx);
    if (body.default) await repo.clearOtherDefaults(tx, 'is_default', id);
    if (body.psp_default) await repo.clearOtherDefaults(tx, 'psp_default', id);
    const write = { name, content, isDefault: body.default ?? null, pspDefault: body.psp_default ?? null };
    if (existing) await repo.updateWelcomeMail(tx, id, write);
    else await repo.insertWelcomeMail(tx, id, write);
    await recordAudit(
      tx,
      audit(ctx, existing ? 'welcome_mail_updated' : 'welcome_mail_created', id, {
        default: body.default,
        psp_default: body.psp_default,
      }),
    );
  });
  return getEntity(db, welcomeMailEntity, ctx.actor.scope, id);
};

export const deleteWelcomeMail = async (db: Db, id: string, ctx: Context): Promise<void> => {
  await getEntity(db, welcomeMailEntity, ctx.actor.scope, id);
  await db.transaction(async (tx) => {
    await repo.deleteWelcomeMailRow(tx, id);
    await recordAudit(tx, { ...audit(ctx, 'welcome_mail_deleted', id), method: 'DELETE' });
  });
};

/** Sends the template to the signed-in user, filled in with their name and a sample link that sets nothing. */
export const sendWelcomePreview = async (db: Db, id: string, ctx: Context): Promise<void> => {
  const template = await getEntity(db, welcomeMailEntity, ctx.actor.scope, id);
  if (!template) throw notFound('welcome_mail');
  const person = { name: ctx.actor.name, email: ctx.actor.email, language: ctx.actor.language };
  const mail = composeWelcomeMail(template.content as string, person, passwordLink(ctx.publicUrl, 'preview', true));
  await queueMail(db, {
    to: ctx.actor.email,
    ...mail,
    subject: `[Preview] ${mail.subject}`,
    template: 'welcome_preview',
  });
};
