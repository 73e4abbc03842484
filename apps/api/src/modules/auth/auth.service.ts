import type { TMe, TMode } from '@kassa/domain';
import { accountLockouts, signInFailures } from '../../lib/metrics.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import { hashToken, newToken } from '../../plugins/auth-context.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { assertUnderRateLimit, hitRateLimit, LOGIN_FAILURES_PER_IP } from '../../plugins/rate-limit.ts';
import {
  findMe,
  findUserByEmail,
  insertSession,
  recordFailedLogin,
  recordSuccessfulLogin,
  revokeSession,
  setUserMode,
  updatePasswordHash,
} from './auth.repository.ts';
import {
  isTrustedBrowser,
  requiredMfaFor,
  meetsMfaRequirement,
  CHALLENGE_SECONDS,
  type MfaType,
} from './mfa.repository.ts';
import { openChallenge } from './mfa.service.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { isMerchantDeactivated } from '../merchants/merchant.repository.ts';

import { LOCK_AFTER_FAILURES, LOCK_SECONDS } from './lockout.ts';

export { LOCK_AFTER_FAILURES, LOCK_SECONDS };

export type ClientInfo = { ip: string; userAgent: string | null };

/** What a correct password leads to: a session, a second step, or a forced MFA enrolment. */
export type LoginOutcome =
  | { kind: 'session'; token: string; userId: string }
  | { kind: 'mfa'; token: string; mfaToken: string; mfaType: MfaType }
  | { kind: 'setup'; token: string; setupToken: string; requiredType: MfaType };

const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', 'The e-mail address or password is not correct');

/** A new session (fresh id at every sign-in, only its hash stored); a pending one can only finish MFA. */
export const openSession = async (
  db: Queryable,
  userId: string,
  client: ClientInfo,
  absoluteSeconds: number,
  mfaPending = false,
): Promise<string> => {
  const token = newToken();
  await insertSession(db, {
    idHash: hashToken(token),
    userId,
    mfaPending,
    ip: client.ip,
    userAgent: client.userAgent,
    absoluteSeconds: mfaPending ? Math.min(absoluteSeconds, CHALLENGE_SECONDS) : absoluteSeconds,
  });
  return token;
};

/**
 * Checks the password; answers the same for unknown and wrong. Failures count per account
 * (lock after 10) and per IP address (429). A browser trusted with "remember me" skips MFA.
 */
export const login = async (
  db: Db,
  input: { username: string; password: string; absoluteSeconds: number; trustedToken?: string },
  client: ClientInfo,
): Promise<LoginOutcome> => {
  const ipKey = `login:${client.ip}`;
  await assertUnderRateLimit(db, ipKey, LOGIN_FAILURES_PER_IP);
  const user = await findUserByEmail(db, input.username);
  const passwordOk = await verifyPassword(user?.password_hash, input.password);
  const audit: AuditEntry = {
    type: 'login',
    organisationId: user?.organisation_id,
    userId: user?.id,
    userName: user?.name ?? input.username,
    origin: client.ip,
    route: '/v1/auth/login',
    method: 'POST',
  };
  if (!user || user.status !== 'active') {
    await recordAudit(db, { ...audit, type: 'login_failed', responseCode: 401 });
    signInFailures.inc({ reason: 'unknown_or_inactive' });
    await hitRateLimit(db, ipKey, LOGIN_FAILURES_PER_IP);
    throw invalidCredentials();
  }
  if (user.locked_until && user.locked_until.getTime() > Date.now()) {
    // Answered like a wrong password: a 423 would tell a stranger that this address has an account.
    await recordAudit(db, { ...audit, type: 'login_locked', responseCode: 401 });
    signInFailures.inc({ reason: 'locked' });
    await hitRateLimit(db, ipKey, LOGIN_FAILURES_PER_IP);
    throw invalidCredentials();
  }
  if (!passwordOk) {
    const result = await recordFailedLogin(db, user.id, LOCK_AFTER_FAILURES, LOCK_SECONDS);
    await recordAudit(db, {
      ...audit,
      type: result.locked ? 'account_locked' : 'login_failed',
      responseCode: 401,
      detail: { failed_logins: result.failed_logins },
    });
    signInFailures.inc({ reason: 'wrong_password' });
    if (result.locked) accountLockouts.inc();
    await hitRateLimit(db, ipKey, LOGIN_FAILURES_PER_IP);
    throw invalidCredentials();
  }
  if (await isMerchantDeactivated(db, user.organisation_id)) {
    await recordAudit(db, { ...audit, type: 'login_refused_inactive_merchant', responseCode: 403 });
    throw new HttpError(
      403,
      'organisation_inactive',
      'Your organisation has been deactivated; ask your payment provider',
    );
  }
  await recordSuccessfulLogin(db, user.id);
  // Hashes made with older parameters are replaced while the password is at hand.
  if (user.password_hash && needsRehash(user.password_hash)) {
    await updatePasswordHash(db, user.id, await hashPassword(input.password));
  }
  const person = { id: user.id, email: user.email, name: user.name, language: user.language };
  const required = await requiredMfaFor(db, user.organisation_id);
  if (!meetsMfaRequirement(user.mfa_type, required)) {
    const token = await openSession(db, user.id, client, input.absoluteSeconds, true);
    const setupToken = await openChallenge(db, { person, sessionHash: hashToken(token), kind: 'setup', mfaType: null });
    await recordAudit(db, {
      ...audit,
      type: 'mfa_setup_required',
      responseCode: 200,
      detail: { required_type: required },
    });
    return { kind: 'setup', token, setupToken, requiredType: required as MfaType };
  }
  const trusted = input.trustedToken ? await isTrustedBrowser(db, hashToken(input.trustedToken), user.id) : false;
  if (user.mfa_type && !trusted) {
    const token = await openSession(db, user.id, client, input.absoluteSeconds, true);
    const mfaToken = await openChallenge(db, {
      person,
      sessionHash: hashToken(token),
      kind: 'login',
      mfaType: user.mfa_type,
    });
    await recordAudit(db, { ...audit, type: 'mfa_challenge', responseCode: 200, detail: { mfa_type: user.mfa_type } });
    return { kind: 'mfa', token, mfaToken, mfaType: user.mfa_type };
  }
  const token = await openSession(db, user.id, client, input.absoluteSeconds);
  await recordAudit(db, {
    ...audit,
    type: 'login',
    responseCode: 200,
    detail: trusted ? { mfa: 'trusted_browser' } : undefined,
  });
  return { kind: 'session', token, userId: user.id };
};

export const logout = (db: Db, sessionHash: string) => revokeSession(db, sessionHash);

/** The signed-in user as the SPA needs it. */
export const me = async (db: Queryable, userId: string): Promise<TMe> => {
  const row = await findMe(db, userId);
  if (!row) throw new HttpError(401, 'unauthenticated', 'Sign in first');
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: row.language,
    time_zone: row.time_zone,
    roles: row.roles,
    organisation: { id: row.org_id, name: row.org_name, type: row.org_type },
    is_provider: row.org_type === 'provider',
    features: row.features ?? [],
    mfa: { enabled: row.mfa_type !== null, type: row.mfa_type },
    mode: row.mode,
  };
};

/**
 * Switches the person between live and test data (issue 38): every list, count, statistic and
 * write of their next requests follows it. Audited like any change of the person's own settings.
 */
export const chooseMode = async (db: Db, userId: string, mode: TMode, audit: Omit<AuditEntry, 'type'>) => {
  await db.transaction(async (tx) => {
    await setUserMode(tx, userId, mode);
    await recordAudit(tx, {
      ...audit,
      type: 'mode_changed',
      responseCode: 200,
      entity: 'user',
      entityId: userId,
      detail: { mode },
    });
  });
  return me(db, userId);
};
