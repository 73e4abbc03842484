import type { TMfaEnrolment } from '@kassa/domain';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import { hashToken, newToken, type AuthContext } from '../../plugins/auth-context.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { revokeSession } from './auth.repository.ts';
import { openSession, type ClientInfo } from './auth.service.ts';
import { assertSecondStepOpen, countRightCode, countWrongCode } from './mfa-lockout.ts';
import * as repo from './mfa.repository.ts';
import {
  completeEnrolment,
  invalidChallenge,
  openChallenge,
  recoveryCodeHash,
  startEnrolment,
  verifyChallengeCode,
} from './mfa.service.ts';
import { verifyPassword } from './password.ts';
import { findPasswordHash } from './user.repository.ts';

export type SignedIn = { token: string; userId: string; trustedToken: string | null; recoveryCodes: string[] };

const auditOf = (auth: AuthContext, client: ClientInfo, route: string): AuditEntry => ({
  type: 'mfa',
  organisationId: auth.organisation.id,
  userId: auth.userId,
  userName: auth.name,
  origin: client.ip,
  route,
  method: 'POST',
});

/** The pending session gives way to a fresh full one; "remember me" trusts this browser for 30 days. */
const finishSignIn = async (
  db: Queryable,
  userId: string,
  pendingHash: string,
  client: ClientInfo,
  absoluteSeconds: number,
  remember: boolean,
  audit: AuditEntry,
) => {
  await revokeSession(db, pendingHash);
  const token = await openSession(db, userId, client, absoluteSeconds);
  let trustedToken: string | null = null;
  if (remember) {
    trustedToken = newToken();
    await repo.insertTrustedBrowser(db, hashToken(trustedToken), userId);
  }
  await recordAudit(db, { ...audit, type: 'login', responseCode: 200, detail: { mfa: true, remember } });
  return { token, trustedToken };
};

const loginChallenge = async (db: Queryable, token: string, username: string, auth: AuthContext) => {
  const challenge = await repo.findLiveChallenge(db, hashToken(token), 'login', auth.sessionHash);
  if (!challenge || challenge.email.toLowerCase() !== username.toLowerCase()) throw invalidChallenge();
  return challenge;
};

/** `POST /v1/auth/mfa`: the code of the second step, for the sign-in it belongs to. */
export const completeMfaLogin = async (
  db: Db,
  input: { token: string; code: string; username: string; remember: boolean },
  auth: AuthContext,
  client: ClientInfo,
  absoluteSeconds: number,
): Promise<SignedIn> => {
  const challenge = await loginChallenge(db, input.token, input.username, auth);
  const audit = auditOf(auth, client, '/v1/auth/mfa');
  await verifyChallengeCode(db, challenge, input.code, audit);
  const signedIn = await db.transaction((tx) =>
    finishSignIn(tx, challenge.user_id, auth.sessionHash, client, absoluteSeconds, input.remember, audit),
  );
  return { ...signedIn, userId: challenge.user_id, recoveryCodes: [] };
};

/** A recovery code instead of the authenticator code: single use, wrong ones count like wrong codes. */
export const completeWithRecoveryCode = async (
  db: Db,
  input: { token: string; username: string; recovery_code: string },
  auth: AuthContext,
  client: ClientInfo,
  absoluteSeconds: number,
): Promise<SignedIn> => {
  const challenge = await loginChallenge(db, input.token, input.username, auth);
  const audit = auditOf(auth, client, '/v1/auth/mfa/recovery');
  await assertSecondStepOpen(db, challenge, audit);
  if (!(await repo.useRecoveryCode(db, challenge.user_id, recoveryCodeHash(input.recovery_code)))) {
    const attempts = await repo.recordWrongCode(db, challenge.token_hash);
    await recordAudit(db, {
      ...audit,
      type: 'mfa_failed',
      responseCode: 400,
      detail: { attempts, recovery_code: true },
    });
    await countWrongCode(db, challenge, audit);
    throw new HttpError(400, 'invalid_token', 'The recovery code is not correct', [
      { path: 'body.recovery_code', code: 'invalid_token', message: 'The code is not correct' },
    ]);
  }
  if (!(await repo.useChallenge(db, challenge.token_hash))) throw invalidChallenge();
  await countRightCode(db, challenge);
  await recordAudit(db, { ...audit, type: 'mfa_recovery_code_used', responseCode: 200 });
  const signedIn = await db.transaction((tx) =>
    finishSignIn(tx, challenge.user_id, auth.sessionHash, client, absoluteSeconds, false, audit),
  );
  return { ...signedIn, userId: challenge.user_id, recoveryCodes: [] };
};

const assertAllowedType = async (db: Queryable, organisationId: string, type: repo.MfaType) => {
  const required = await repo.requiredMfaFor(db, organisationId);
  if (!repo.meetsMfaRequirement(type, required))
    throw badRequest('body.type', 'Your organisation requires an authenticator app');
};

/** Forced enrolment, step 1: the chosen method for the setup token of the pending sign-in. */
export const startForcedSetup = async (
  db: Db,
  input: { token: string; type: repo.MfaType },
  auth: AuthContext,
): Promise<TMfaEnrolment> => {
  const challenge = await repo.findLiveChallenge(db, hashToken(input.token), 'setup', auth.sessionHash);
  if (!challenge) throw invalidChallenge();
  await assertAllowedType(db, challenge.organisation_id, input.type);
  return startEnrolment(db, challenge, input.type, input.token);
};

/** Forced enrolment, step 2: the first code turns MFA on and completes the sign-in. */
export const confirmForcedSetup = async (
  db: Db,
  input: { token: string; code: string },
  auth: AuthContext,
  client: ClientInfo,
  absoluteSeconds: number,
): Promise<SignedIn> => {
  const challenge = await repo.findLiveChallenge(db, hashToken(input.token), 'setup', auth.sessionHash);
  if (!challenge) throw invalidChallenge();
  const audit = auditOf(auth, client, '/v1/auth/mfa/setup/confirm');
  const step = await verifyChallengeCode(db, challenge, input.code, audit);
  return db.transaction(async (tx) => {
    const recoveryCodes = await completeEnrolment(tx, challenge, step, audit);
    const signedIn = await finishSignIn(tx, challenge.user_id, auth.sessionHash, client, absoluteSeconds, false, audit);
    return { ...signedIn, userId: challenge.user_id, recoveryCodes };
  });
};

/** Profile: starts turning on (or switching) MFA for the signed-in user. */
export const startProfileEnrolment = async (db: Db, type: repo.MfaType, auth: AuthContext): Promise<TMfaEnrolment> => {
  await assertAllowedType(db, auth.organisation.id, type);
  const person = { id: auth.userId, email: auth.email, name: auth.name, language: auth.language };
  const token = await openChallenge(db, { person, sessionHash: auth.sessionHash, kind: 'enrol', mfaType: null });
  const challenge = await repo.findLiveChallenge(db, hashToken(token), 'enrol', auth.sessionHash);
  if (!challenge) throw invalidChallenge();
  return startEnrolment(db, challenge, type, token);
};

/** Profile: the first code confirms the enrolment; recovery codes come back once. */
export const confirmProfileEnrolment = async (
  db: Db,
  input: { token: string; code: string },
  auth: AuthContext,
  client: ClientInfo,
) => {
  const challenge = await repo.findLiveChallenge(db, hashToken(input.token), 'enrol', auth.sessionHash);
  if (!challenge) throw invalidChallenge();
  const audit = auditOf(auth, client, '/v1/profile/mfa/confirm');
  const step = await verifyChallengeCode(db, challenge, input.code, audit);
  const recoveryCodes = await db.transaction((tx) => completeEnrolment(tx, challenge, step, audit));
  return { mfa: { enabled: true, type: challenge.mfa_type as repo.MfaType }, recovery_codes: recoveryCodes };
};

/** Profile: turning MFA off needs the password, and is refused where the organisation requires MFA. */
export const disableOwnMfa = async (db: Db, password: string, auth: AuthContext, client: ClientInfo) => {
  if (!(await verifyPassword(await findPasswordHash(db, auth.userId), password)))
    throw badRequest('body.password', 'The password is not correct', 'invalid_credentials');
  if (await repo.requiredMfaFor(db, auth.organisation.id)) {
    throw new HttpError(409, 'mfa_enforced', 'Your organisation requires multi-factor authentication');
  }
  await db.transaction(async (tx) => {
    await repo.clearUserMfa(tx, auth.userId);
    await recordAudit(tx, {
      ...auditOf(auth, client, '/v1/profile/mfa/disable'),
      type: 'mfa_disabled',
      responseCode: 200,
      entity: 'user',
      entityId: auth.userId,
    });
  });
  return { mfa: { enabled: false, type: null }, recovery_codes: [] };
};
