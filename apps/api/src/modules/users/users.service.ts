import {
  canGrantRole,
  isAdministrativeRole,
  isProviderRoleName,
  type TUserCreateBody,
  type TUserUpdateBody,
} from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, HttpError } from '../../lib/http-error.ts';
import type { PersonActor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { ownerScope } from '../../query/owner.ts';
import { getEntity } from '../../query/repository.ts';
import { findOrganisationInSubtree } from '../../query/write.repository.ts';
import { actOnEntity, defineWrite, type AuditNote, noteOf, type PlannedWrite, writeEntity } from '../../query/write.ts';
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

type Context = { actor: PersonActor; publicUrl: string };

const emailTaken = () =>
  new HttpError(400, 'email_taken', 'This e-mail address is already in use', [
    { path: 'body.email', message: 'emailTaken' },
  ]);

const writeOf = (side: Side) =>
  defineWrite({
    entity: entityOf(side),
    path: side === 'psp' ? 'psp/user' : 'user',
    idPrefix: 'usr',
    label: 'User',
    audit: { entity: 'user', type: 'user' },
    populate: 'organisation',
    // Two saves of one address at once: the unique index decides, answered as the check before it does.
    conflict: emailTaken,
  });
const writes = { platform: writeOf('platform'), psp: writeOf('psp') };

/** The organisation a user is placed in: inside the actor's subtree (else 404, as for an unknown id) and on the right side. */
const resolveOrganisation = async (db: Queryable, side: Side, orgId: string, ctx: Context) => {
  const org = await getEntity(db, organisationEntity, ctx.actor.scope, orgId, {}, 'body.organisation');
  const isProvider = org.type === 'provider';
  if (side === 'psp' && !isProvider)
    throw badRequest('body.organisation', 'Provider users belong to the provider organisation');
  if (side === 'platform' && isProvider)
    throw badRequest('body.organisation', 'Choose a merchant organisation for a platform user');
  return { id: org.id as string, isProvider };
};

/**
 * A user change as four eyes sees it (issue 35): risky only when it gives an administrative role
 * (taking roles away never waits). The version of a user is its organisation and roles, not the
 * whole row, which every sign-in writes.
 */
const userPlan = async (
  tx: Queryable,
  side: Side,
  change: { action: 'create' | 'update'; id: string; organisationId: string; body: Record<string, unknown> },
  roles: { next: string[]; previous: string[] },
): Promise<PlannedWrite> => {
  const scope = await ownerScope(tx, change.organisationId);
  const merchantId = (await findOrganisationInSubtree(tx, change.organisationId, ''))?.merchant_id ?? null;
  return {
    def: writes[side],
    action: change.action,
    id: change.id,
    owner: { organisationId: change.organisationId, merchantId },
    ownerScope: scope,
    body: change.body,
    row:
      change.action === 'update'
        ? { id: change.id, organisation_id: change.organisationId, roles: [...roles.previous].sort() }
        : undefined,
    governed: roles.next.some((role) => !roles.previous.includes(role) && isAdministrativeRole(role)),
  };
};

/** Only roles the actor holds itself may be added or taken away; provider roles only for provider staff. */
const assertGrantable = (actor: PersonActor, next: string[], previous: string[], providerOrg: boolean) => {
  const changed = [...next.filter((r) => !previous.includes(r)), ...previous.filter((r) => !next.includes(r))];
  const refused = changed.filter((role) => !canGrantRole(actor.roles, role));
  if (refused.length)
    throw badRequest('body.roles', `You cannot grant or remove roles you do not hold: ${refused.join(', ')}`);
  if (!providerOrg && next.some(isProviderRoleName))
    throw badRequest('body.roles', 'Provider roles are for provider users only');
};

/** A user holding roles the actor does not hold is out of the actor's reach: managing it would be an escalation. */
const assertCanManage = (actor: PersonActor, target: repo.ManagedUser) => {
  if (!target.roles.every((role) => canGrantRole(actor.roles, role)))
    throw forbidden('This user holds roles you do not hold');
};

/** The locked user with its roles. */
const managed = async (tx: Queryable, row: Record<string, unknown>) =>
  (await repo.findManagedUser(tx, String(row.id))) as repo.ManagedUser;

/** Creates a user without a password and mails the default welcome mail with a set-password link. */
export const createUser = async (db: Db, side: Side, body: TUserCreateBody, ctx: Context) => {
  const created = await writeEntity(db, ctx.actor, writes[side], async (tx, pass) => {
    const org = await resolveOrganisation(tx, side, body.organisation ?? ctx.actor.organisation.id, ctx);
    const roles = [...new Set(body.roles)];
    assertGrantable(ctx.actor, roles, [], org.isProvider);
    if (await repo.isEmailInUse(tx, body.email)) throw emailTaken();
    const person = { email: body.email, name: body.name, language: body.language };
    const id = newId('usr');
    const sent = { ...body, organisation: org.id };
    await pass(
      await userPlan(
        tx,
        side,
        { action: 'create', id, organisationId: org.id, body: sent },
        { next: roles, previous: [] },
      ),
    );
    await insertUser(tx, { id, organisationId: org.id, ...person, passwordHash: null, roles });
    await sendWelcomeMail(tx, { id, ...person }, side === 'psp', ctx.publicUrl);
    // The route answers 200 (the spec's), and the entry says so.
    return { id, notes: [{ ...noteOf(writes[side], 'created', { organisation: org.id, roles }), responseCode: 200 }] };
  });
  return created.row();
};

/**
 * Changes name, language, organisation (within the subtree) and roles (only grantable ones). A new
 * e-mail address waits for its confirmation (the answer's `pending_email`): the link goes to the
 * new address and the old one is told.
 */
export const updateUser = (db: Db, side: Side, id: string, body: TUserUpdateBody, ctx: Context) =>
  actOnEntity(db, ctx.actor, writes[side], id, async ({ tx, row, pass }) => {
    const target = await managed(tx, row);
    const newEmail = body.email && body.email.toLowerCase() !== target.email.toLowerCase() ? body.email : undefined;
    const org = body.organisation
      ? await resolveOrganisation(tx, side, body.organisation, ctx)
      : { id: target.organisation_id, isProvider: side === 'psp' };
    const next = body.roles ? [...new Set(body.roles)] : target.roles;
    assertGrantable(ctx.actor, next, target.roles, org.isProvider);
    if (target.id !== ctx.actor.userId) assertCanManage(ctx.actor, target);
    if (newEmail && (await repo.isEmailInUse(tx, newEmail, id))) throw emailTaken();
    await pass(
      await userPlan(
        tx,
        side,
        { action: 'update', id, organisationId: target.organisation_id, body: body as Record<string, unknown> },
        { next, previous: target.roles },
      ),
    );
    const notes: AuditNote[] = [];
    const added = next.filter((r) => !target.roles.includes(r));
    const removed = target.roles.filter((r) => !next.includes(r));
    if (added.length || removed.length) {
      await repo.replaceRoles(tx, id, next);
      notes.push({ type: 'roles_changed', detail: { added, removed } });
    }
    const fields = (['name', 'language', 'organisation'] as const).filter((f) => body[f] !== undefined);
    if (fields.length) notes.push(noteOf(writes[side], 'updated', { fields }));
    if (newEmail) {
      await requestEmailChangeByAdministrator(tx, target, newEmail, ctx.publicUrl);
      notes.push({ type: 'email_change_requested', detail: { pending_email: newEmail } });
    }
    return {
      values: { name: body.name, language: body.language, organisation_id: body.organisation ? org.id : undefined },
      notes,
    };
  });

/** Disabling ends every session of the user at once; enabling lets it sign in again. */
export const setStatus = (db: Db, side: Side, id: string, status: 'active' | 'disabled', ctx: Context) =>
  actOnEntity(db, ctx.actor, writes[side], id, async ({ tx, row }) => {
    if (id === ctx.actor.userId) throw badRequest('params.id', 'You cannot disable or enable yourself');
    assertCanManage(ctx.actor, await managed(tx, row));
    if (status === 'disabled') {
      await revokeUserSessions(tx, id);
      await repo.forgetTrustedBrowsers(tx, id);
    }
    return {
      values: { status, failed_logins: 0, locked_until: null },
      notes: [noteOf(writes[side], status === 'active' ? 'enabled' : 'disabled')],
    };
  });

/** Turns the user's MFA off (lost phone); where the organisation requires MFA the next sign-in enrols again. */
export const resetMfa = (db: Db, side: Side, id: string, ctx: Context) =>
  actOnEntity(db, ctx.actor, writes[side], id, async ({ tx, row }) => {
    assertCanManage(ctx.actor, await managed(tx, row));
    await clearUserMfa(tx, id);
    return { notes: [{ type: 'mfa_reset' }] };
  });

/** A new welcome mail with a fresh set-password link; earlier links stop working. */
export const resendWelcome = (db: Db, side: Side, id: string, ctx: Context) =>
  actOnEntity(db, ctx.actor, writes[side], id, async ({ tx, row }) => {
    const target = await managed(tx, row);
    assertCanManage(ctx.actor, target);
    if (target.status !== 'active') throw badRequest('params.id', 'The user is disabled');
    await sendWelcomeMail(tx, target, side === 'psp', ctx.publicUrl);
    return { notes: [{ type: 'welcome_sent' }] };
  });
