import type { TMe } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { hashToken, newToken } from '../../plugins/auth-context.ts';
import type { Db } from '../../plugins/db/index.ts';
import { findMe, findUserByEmail, insertSession, recordFailedLogin, recordSuccessfulLogin, revokeSession } from './auth.repository.ts';
import { verifyPassword } from './password.ts';

export const LOCK_AFTER_FAILURES = 10;
export const LOCK_SECONDS = 30 * 60;

export type ClientInfo = { ip: string; userAgent: string | null };

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'The e-mail address or password is not correct');

/** Checks the password and opens a session; answers the same for unknown and wrong. */
export const login = async (
  db: Db,
  input: { username: string; password: string; absoluteSeconds: number },
  client: ClientInfo,
): Promise<{ token: string; userId: string }> => {
  const user = await findUserByEmail(db, input.username);
  const passwordOk = await verifyPassword(user?.password_hash, input.password);
  const audit = { organisationId: user?.organisation_id, userId: user?.id, userName: user?.name ?? input.username, origin: client.ip, route: '/v1/auth/login', method: 'POST' };
  if (!user || user.status !== 'active') {
    await recordAudit(db, { ...audit, type: 'login_failed', responseCode: 401 });
    throw invalidCredentials();
  }
  if (user.locked_until && user.locked_until.getTime() > Date.now()) {
    await recordAudit(db, { ...audit, type: 'login_locked', responseCode: 423 });
    throw new HttpError(423, 'account_locked', 'Too many failed attempts: the account is locked for 30 minutes');
  }
  if (!passwordOk) {
    const result = await recordFailedLogin(db, user.id, LOCK_AFTER_FAILURES, LOCK_SECONDS);
    await recordAudit(db, { ...audit, type: result.locked ? 'account_locked' : 'login_failed', responseCode: 401, detail: { failed_logins: result.failed_logins } });
    throw invalidCredentials();
  }
  await recordSuccessfulLogin(db, user.id);
  const token = newToken();
  await insertSession(db, { idHash: hashToken(token), userId: user.id, mfaPending: false, ip: client.ip, userAgent: client.userAgent, absoluteSeconds: input.absoluteSeconds });
  await recordAudit(db, { ...audit, type: 'login', responseCode: 200 });
  return { token, userId: user.id };
};

export const logout = (db: Db, sessionHash: string) => revokeSession(db, sessionHash);

/** The signed-in user as the SPA needs it. */
export const me = async (db: Db, userId: string): Promise<TMe> => {
  const row = await findMe(db, userId);
  if (!row) throw new HttpError(401, 'unauthenticated', 'Sign in first');
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: row.language,
    roles: row.roles,
    organisation: { id: row.org_id, name: row.org_name, type: row.org_type },
    is_provider: row.org_type === 'provider',
    mfa: { enabled: row.mfa_type !== null, type: row.mfa_type },
  };
};
