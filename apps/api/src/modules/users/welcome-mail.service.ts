import { hasAccess, access, type TWelcomeMailUpdate } from '@kassa/domain';
import { forbidden } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { PersonActor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { getEntity } from '../../query/repository.ts';
import { defineWrite, deleteEntity, lockInScope, noteOf, writeEntity } from '../../query/write.ts';
import { passwordLink } from '../auth/password.service.ts';
import { welcomeMailEntity } from './welcome-mail.entity.ts';
import * as repo from './welcome-mail.repository.ts';
import { composeWelcomeMail, sanitizeWelcomeHtml } from './welcome.service.ts';

type Context = { actor: PersonActor; publicUrl: string };

/** Welcome-mail templates (risk-config.md §2.11): the provider's, shared by every merchant's users. */
const welcomeMailWrite = defineWrite({
  entity: welcomeMailEntity,
  path: 'psp/welcome-mail',
  idPrefix: 'wm',
  label: 'Welcome mail',
  audit: { entity: 'welcome_mail', type: 'welcome_mail' },
});

/**
 * Creates or updates (when the body carries an id) a template. The content is sanitised here,
 * on the server; setting `default` or `psp_default` clears that flag on every other row in the
 * same transaction, under a lock so two saves at once cannot both keep it.
 */
export const upsertWelcomeMail = async (db: Db, body: TWelcomeMailUpdate & { id?: string }, ctx: Context) => {
  const written = await writeEntity(db, ctx.actor, welcomeMailWrite, async (tx) => {
    const existing = body.id ? await lockInScope(tx, ctx.actor, welcomeMailWrite, body.id) : undefined;
    if (!hasAccess(ctx.actor.roles, existing ? access.welcomeMail.update : access.welcomeMail.create))
      throw forbidden();
    const id = (existing?.id as string | undefined) ?? newId('wm');
    // An update changes only what it sends; a create (its schema requires both) sends name and content.
    const name = body.name ?? String(existing?.name ?? '');
    const content = body.content === undefined ? String(existing?.content ?? '') : sanitizeWelcomeHtml(body.content);
    await repo.lockWelcomeMailDefaults(tx);
    if (body.default) await repo.clearOtherDefaults(tx, 'is_default', id);
    if (body.psp_default) await repo.clearOtherDefaults(tx, 'psp_default', id);
    const write = { name, content, isDefault: body.default ?? null, pspDefault: body.psp_default ?? null };
    if (existing) await repo.updateWelcomeMail(tx, id, write);
    else await repo.insertWelcomeMail(tx, id, write);
    const detail = { default: body.default, psp_default: body.psp_default };
    return {
      id,
      notes: [{ ...noteOf(welcomeMailWrite, existing ? 'updated' : 'created', detail), responseCode: 200 }],
    };
  });
  return written.row();
};

export const deleteWelcomeMail = (db: Db, id: string, ctx: Context): Promise<void> =>
  deleteEntity(db, ctx.actor, welcomeMailWrite, id);

/** Sends the template to the signed-in user, filled in with their name and a sample link that sets nothing. */
export const sendWelcomePreview = async (db: Db, id: string, ctx: Context): Promise<void> => {
  const template = await getEntity(db, welcomeMailEntity, ctx.actor.scope, id);
  const person = { name: ctx.actor.name, email: ctx.actor.email, language: ctx.actor.language };
  const mail = composeWelcomeMail(template.content as string, person, passwordLink(ctx.publicUrl, 'preview', true));
  await queueMail(db, {
    to: ctx.actor.email,
    ...mail,
    subject: `[Preview] ${mail.subject}`,
    template: 'welcome_preview',
  });
};
