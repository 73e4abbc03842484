import { encodePasswordRequirements } from '@kassa/domain';
import { registerJobHandler } from '../../jobs/handlers.ts';
import { enqueue } from '../../jobs/queue.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import type { AuthContext } from '../../plugins/auth-context.ts';
import type { Db } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { FORGOT_PASSWORD_PER_IP, hitRateLimit } from '../../plugins/rate-limit.ts';
import { findUserByEmail, revokeUserSessions } from './auth.repository.ts';
import type { ClientInfo } from './auth.service.ts';
import { emailChangeMail, mailLanguage, passwordResetMail } from './mail-templates.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { consumeToken, findValidToken, issueUserToken } from './token.repository.ts';
import { changeEmail, changePassword, findPasswordHash, isEmailTaken, resetPassword } from './user.repository.ts';

const invalidToken = () =>
  new HttpError(400, 'invalid_token', 'This link is invalid, expired or already used', [
    { path: 'body.token', code: 'invalid_token', message: 'The code is not correct' },
  ]);

/** The update-password link; `welcome` titles the page "Set password" (portal.md §2.1). */
export const passwordLink = (publicUrl: string, token: string, welcome = false): string =>
  `${publicUrl}/updatePassword?${welcome ? 'new=true&' : ''}token=${encodeURIComponent(token)}&requirements=${encodePasswordRequirements()}`;

export const FORGOT_PASSWORD_QUEUE = 'auth.forgot-password';

/**
 * `POST /v1/auth/forgot-password`: the same work whatever the address (a rate-limit hit and one
 * job), so neither the answer nor its timing tells whether an account exists. The job looks the
 * address up and mails the link.
 */
export const forgotPassword = async (db: Db, email: string, client: ClientInfo): Promise<void> => {
  await hitRateLimit(db, `forgot:${client.ip}`, FORGOT_PASSWORD_PER_IP);
  await enqueue(db, FORGOT_PASSWORD_QUEUE, { email, ip: client.ip }, { maxAttempts: 5 });
};

/** The job: mails a reset link if the account exists and is active. */
export const sendPasswordReset = async (db: Db, email: string, ip: string, publicUrl: string): Promise<void> => {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, 'reset');
    const mail = passwordResetMail(mailLanguage(user.language), {
      name: user.name,
      link: passwordLink(publicUrl, token),
    });
    await queueMail(tx, { to: user.email, ...mail, template: 'password_reset' });
    await recordAudit(tx, {
      type: 'password_reset_requested',
      organisationId: user.organisation_id,
      userId: user.id,
      userName: user.name,
      origin: ip,
      route: '/v1/auth/forgot-password',
      method: 'POST',
      responseCode: 200,
    });
  });
};

export const registerPasswordJobs = (): void =>
  registerJobHandler(FORGOT_PASSWORD_QUEUE, (payload, { db, config }) =>
    sendPasswordReset(db, String(payload.email), String(payload.ip), config.publicUrl),
  );

/**
 * Sets the password from a reset or welcome link. The token is checked first (`body.token`),
 * then the policy and the breached list (`body.password`); success signs out every session.
 */
export const updatePasswordWithToken = async (
  db: Db,
  input: { token: string; password: string },
  client: ClientInfo,
): Promise<void> => {
  const token = await findValidToken(db, input.token, ['reset', 'welcome']);
  if (!token) throw invalidToken();
  assertAcceptablePassword(input.password);
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, input.token))) throw invalidToken();
    const user = await resetPassword(tx, token.user_id, hash);
    if (!user) throw invalidToken();
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, {
      type: token.purpose === 'welcome' ? 'password_set' : 'password_reset',
      organisationId: user.organisation_id,
      userId: user.id,
      userName: user.name,
      origin: client.ip,
      route: '/v1/auth/update-password',
      method: 'POST',
      responseCode: 200,
      entity: 'user',
      entityId: user.id,
    });
  });
};

const emailTaken = () =>
  new HttpError(400, 'email_taken', 'This e-mail address is already in use', [
    { path: 'body.email', message: 'emailTaken' },
  ]);

/** Profile: mails a confirmation link to the new address; the address changes only when it is used. */
export const requestEmailChange = async (
  db: Db,
  email: string,
  auth: AuthContext,
  client: ClientInfo,
  publicUrl: string,
): Promise<void> => {
  if (email.toLowerCase() === auth.email.toLowerCase())
    throw badRequest('body.email', 'This is already your e-mail address', 'validation_error');
  if (await isEmailTaken(db, email, auth.userId)) throw emailTaken();
  await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, auth.userId, 'email_change', email);
    const mail = emailChangeMail(mailLanguage(auth.language), {
      name: auth.name,
      link: `${publicUrl}/updateEmail?token=${encodeURIComponent(token)}`,
    });
    await queueMail(tx, { to: email, ...mail, template: 'email_change' });
    await recordAudit(tx, {
      type: 'email_change_requested',
      organisationId: auth.organisation.id,
      userId: auth.userId,
      userName: auth.name,
      origin: client.ip,
      route: '/v1/profile/email',
      method: 'POST',
      responseCode: 200,
    });
  });
};

/** `POST /v1/auth/update-email`: the address must be the one the link was sent to. */
export const updateEmailWithToken = async (
  db: Db,
  input: { token: string; email: string },
  client: ClientInfo,
): Promise<void> => {
  const token = await findValidToken(db, input.token, ['email_change']);
  if (!token || !token.new_email) throw invalidToken();
  if (token.new_email.toLowerCase() !== input.email.toLowerCase())
    throw badRequest('body.email', 'This is not the address the link was sent to');
  await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, input.token))) throw invalidToken();
    if (await isEmailTaken(tx, token.new_email as string, token.user_id)) throw emailTaken();
    const user = await changeEmail(tx, token.user_id, token.new_email as string);
    if (!user) throw invalidToken();
    await recordAudit(tx, {
      type: 'email_changed',
      organisationId: user.organisation_id,
      userId: user.id,
      userName: user.name,
      origin: client.ip,
      route: '/v1/auth/update-email',
      method: 'POST',
      responseCode: 200,
      entity: 'user',
      entityId: user.id,
    });
  });
};

/** Profile: a new password needs the current one; every other session of the user ends. */
export const changeOwnPassword = async (
  db: Db,
  input: { current_password: string; password: string },
  auth: AuthContext,
  client: ClientInfo,
): Promise<void> => {
  if (!(await verifyPassword(await findPasswordHash(db, auth.userId), input.current_password))) {
    throw badRequest('body.current_password', 'The current password is not correct', 'invalid_credentials');
  }
  assertAcceptablePassword(input.password);
  const hash = await hashPassword(input.password);
  const audit: AuditEntry = {
    type: 'password_changed',
    organisationId: auth.organisation.id,
    userId: auth.userId,
    userName: auth.name,
    origin: client.ip,
    route: '/v1/profile/password',
    method: 'POST',
    responseCode: 200,
    entity: 'user',
    entityId: auth.userId,
  };
  await db.transaction(async (tx) => {
    await changePassword(tx, auth.userId, hash);
    await revokeUserSessions(tx, auth.userId, auth.sessionHash);
    await recordAudit(tx, audit);
  });
};
