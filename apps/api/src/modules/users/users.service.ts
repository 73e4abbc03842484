import { canGrantRole, isProviderRoleName, type TUserCreateBody, type TUserUpdateBody } from '@kassa/domain';
import { badRequest, forbidden, HttpError } from '../../lib/http-error.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import type { AuthContext } from '../../plugins/auth-context.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { revokeUserSessions } from '../auth/auth.repository.ts';
import { requestEmailChangeByAdministrator } from '../auth/email-change.service.ts';
import { clearUserMfa } from '../auth/mfa.repository.ts';
import { insertUser } from '../auth/user.repository.ts';
import { organisationEntity } from '../settings/settings.entities.ts';
import { platformUserEntity, pspUserEntity } from './user.entity.ts';
import * as repo from './users.repository.ts';
import { sendWelcomeMail } from './welcome.service.ts';

/** Platform users belong to merchants (`/v1/user`); provider users to the PSP (`/v1/psp/user`). */
export type Side = 'platform' | 'psp';
export const entityOf = (side: Side) => (side === 'psp' ? pspUserEntity : platformUserEntity);

type Context = { actor: AuthContext; ip: string; publicUrl: string };

const auditBase = (ctx: Context, route: string, userId: string): AuditEntry => ({
  type: 'user',
  organisationId: ctx.actor.organisation.id,
  userId: ctx.actor.userId,
  userName: ctx.actor.name,
  origin: ctx.ip,
  route,
  method: 'POST',
  responseCode: 200,
  entity: 'user',
  entityId: userId,
});

/** The organisation a user is placed in: inside the actor's subtree (else 404, as for an unknown id) and on the right side. */
const resolveOrganisation = async (db: Db, side: Side, orgId: string, ctx: Context) => {
  const org = await getEntity(db, organisationEntity, ctx.actor.scope, orgId, {}, 'body.organisation');
  const isProvider = org.type === 'provider';
  if (side === 'psp' && !isProvider)
    throw badRequest('body.organisation', 'Provider users belong to the provider organisation');
  if (side === 'platform' && isProvider)
    throw badRequest('body.organisation', 'Choose a merchant organisation for a platform user');
  return { id: org.id as string, isProvider };
};

/** Only roles the actor holds itself may be added or taken away; provider roles only for provider staff. */
const assertGrantable = (actor: AuthContext, next: string[], previous: string[], providerOrg: boolean) => {
  const changed = [...next.filter((r) => !previous.includes(r)), ...previous.filter((r) => !next.includes(r))];
  const refused = changed.filter((role) => !canGrantRole(actor.roles, role));
  if (refused.length)
    throw badRequest('body.roles', `You cannot grant or remove roles you do not hold: ${refused.join(', ')}`);
  if (!providerOrg && next.some(isProviderRoleName))
    throw badRequest('body.roles', 'Provider roles are for provider users only');
};

/** A user holding roles the actor does not hold is out of the actor's reach: managing it would be an escalation. */
const assertCanManage = (actor: AuthContext, target: repo.ManagedUser) => {
  if (!target.roles.every((role) => canGrantRole(actor.roles, role)))
    throw forbidden('This user holds roles you do not hold');
};

/** The target user if the actor may see it (scope and side), else 404. */
const loadTarget = async (db: Db, side: Side, id: string, ctx: Context): Promise<repo.ManagedUser> => {
  await getEntity(db, entityOf(side), ctx.actor.scope, id);
  return (await repo.findManagedUser(db, id)) as repo.ManagedUser;
};

const fresh = (db: Db, side: Side, id: string, ctx: Context) =>
  getEntity(db, entityOf(side), ctx.actor.scope, id, { _populate: 'organisation' });

/** Creates a user without a password and mails the default welcome mail with a set-password link. */
export const createUser = async (db: Db, side: Side, body: TUserCreateBody, ctx: Context) => {
  const org = await resolveOrganisation(db, side, body.organisation ?? ctx.actor.organisation.id, ctx);
  const roles = [...new Set(body.roles)];
  assertGrantable(ctx.actor, roles, [], org.isProvider);
  if (await repo.isEmailInUse(db, body.email))
    throw new HttpError(400, 'email_taken', 'This e-mail address is already in use', [
      { path: 'body.email', message: 'emailTaken' },
    ]);
  const id = await db.transaction(async (tx) => {
    const userId = await insertUser(tx, {
      organisationId: org.id,
      email: body.email,
      name: body.name,
      language: body.language,
      passwordHash: null,
      roles,
    });
    await sendWelcomeMail(
      tx,
      { id: userId, email: body.email, name: body.name, language: body.language },
      side === 'psp',
      ctx.publicUrl,
    );
    await recordAudit(tx, {
      ...auditBase(ctx, `/v1/${side === 'psp' ? 'psp/' : ''}user`, userId),
      type: 'user_created',
      detail: { organisation: org.id, roles },
    });
    return userId;
  });
  return fresh(db, side, id, ctx);
};

/**
 * Changes name, language, organisation (within the subtree) and roles (only grantable ones). A new
 * e-mail address waits for its confirmation (the answer's `pending_email`): the link goes to the
 * new address and the old one is told.
 */
export const updateUser = async (db: Db, side: Side, id: string, body: TUserUpdateBody, ctx: Context) => {
  const target = await loadTarget(db, side, id, ctx);
  const newEmail = body.email && body.email.toLowerCase() !== target.email.toLowerCase() ? body.email : undefined;
  const org = body.organisation
    ? await resolveOrganisation(db, side, body.organisation, ctx)
    : { id: target.organisation_id, isProvider: side === 'psp' };
  assertGrantable(ctx.actor, body.roles ? [...new Set(body.roles)] : target.roles, target.roles, org.isProvider);
  if (target.id !== ctx.actor.userId) assertCanManage(ctx.actor, target);
  if (newEmail && (await repo.isEmailInUse(db, newEmail, id)))
    throw new HttpError(400, 'email_taken', 'This e-mail address is already in use', [
      { path: 'body.email', message: 'emailTaken' },
    ]);
  await db.transaction(async (tx) => {
    await repo.updateUserFields(tx, id, {
      name: body.name,
      language: body.language,
      organisationId: body.organisation ? org.id : undefined,
    });
    const audit = auditBase(ctx, `/v1/${side === 'psp' ? 'psp/' : ''}user/:id`, id);
    if (body.roles) {
      const next = [...new Set(body.roles)];
      const added = next.filter((r) => !target.roles.includes(r));
      const removed = target.roles.filter((r) => !next.includes(r));
      if (added.length || removed.length) {
        await repo.replaceRoles(tx, id, next);
        await recordAudit(tx, { ...audit, type: 'roles_changed', detail: { added, removed } });
      }
    }
    const fields = (['name', 'language', 'organisation'] as const).filter((f) => body[f] !== undefined);
    if (fields.length) await recordAudit(tx, { ...audit, type: 'user_updated', detail: { fields } });
    if (newEmail) {
      await requestEmailChangeByAdministrator(tx, target, newEmail, ctx.publicUrl);
      await recordAudit(tx, { ...audit, type: 'email_change_requested', detail: { pending_email: newEmail } });
    }
  });
  return fresh(db, side, id, ctx);
};

/** Disabling ends every session of the user at once; enabling lets it sign in again. */
export const setStatus = async (db: Db, side: Side, id: string, status: 'active' | 'disabled', ctx: Context) => {
  const target = await loadTarget(db, side, id, ctx);
  if (id === ctx.actor.userId) throw badRequest('params.id', 'You cannot disable or enable yourself');
  assertCanManage(ctx.actor, target);
  await db.transaction(async (tx) => {
    await repo.setUserStatus(tx, id, status);
    if (status === 'disabled') {
      await revokeUserSessions(tx, id);
      await repo.forgetTrustedBrowsers(tx, id);
    }
    await recordAudit(tx, {
      ...auditBase(
        ctx,
        `/v1/${side === 'psp' ? 'psp/' : ''}user/:id/${status === 'active' ? 'enable' : 'disable'}`,
        id,
      ),
      type: status === 'active' ? 'user_enabled' : 'user_disabled',
    });
  });
  return fresh(db, side, id, ctx);
};

/** Turns the user's MFA off (lost phone); where the organisation requires MFA the next sign-in enrols again. */
export const resetMfa = async (db: Db, side: Side, id: string, ctx: Context) => {
  const target = await loadTarget(db, side, id, ctx);
  assertCanManage(ctx.actor, target);
  await db.transaction(async (tx) => {
    await clearUserMfa(tx, id);
    await recordAudit(tx, {
      ...auditBase(ctx, `/v1/${side === 'psp' ? 'psp/' : ''}user/:id/reset-mfa`, id),
      type: 'mfa_reset',
    });
  });
  return fresh(db, side, id, ctx);
};

/** A new welcome mail with a fresh set-password link; earlier links stop working. */
export const resendWelcome = async (db: Db, side: Side, id: string, ctx: Context) => {
  const target = await loadTarget(db, side, id, ctx);
  assertCanManage(ctx.actor, target);
  if (target.status !== 'active') throw badRequest('params.id', 'The user is disabled');
  await db.transaction(async (tx) => {
    await sendWelcomeMail(tx, target, side === 'psp', ctx.publicUrl);
    await recordAudit(tx, {
      ...auditBase(ctx, `/v1/${side === 'psp' ? 'psp/' : ''}user/:id/resend-welcome`, id),
      type: 'welcome_sent',
    });
  });
  return fresh(db, side, id, ctx);
};
