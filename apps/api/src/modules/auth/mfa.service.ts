import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { TMfaEnrolment } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import { hashToken, newToken } from '../../plugins/auth-context.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { mailLanguage, mfaCodeMail } from './mail-templates.ts';
import { assertSecondStepOpen, countRightCode, countWrongCode } from './mfa-lockout.ts';
import * as repo from './mfa.repository.ts';
import { matchingTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';

type Person = { id: string; email: string; name: string; language: string };

export const invalidCode = () =>
  new HttpError(400, 'invalid_token', 'The code is not correct', [
    { path: 'body.code', code: 'invalid_token', message: 'The code is not correct' },
  ]);
export const invalidChallenge = () =>
  new HttpError(400, 'invalid_token', 'This step has expired or was already used; sign in again', [
    { path: 'body.token', code: 'invalid_token', message: 'The code is not correct' },
  ]);

/** E-mailed codes are hashed with their challenge, so equal codes of two sign-ins differ in storage. */
const codeHash = (tokenHash: string, code: string) => hashToken(`${tokenHash}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const mailCode = async (db: Queryable, person: Person, tokenHash: string): Promise<string> => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mail = mfaCodeMail(mailLanguage(person.language), { name: person.name, code });
  await queueMail(db, { to: person.email, ...mail, template: 'mfa_code' });
  return codeHash(tokenHash, code);
};

/** Opens a second step bound to one session; for e-mail MFA the code is mailed at once. */
export const openChallenge = async (
  db: Queryable,
  input: { person: Person; sessionHash: string; kind: repo.ChallengeKind; mfaType: repo.MfaType | null },
): Promise<string> => {
  const token = newToken();
  const tokenHash = hashToken(token);
  const code = input.mfaType === 'email' ? await mailCode(db, input.person, tokenHash) : null;
  await repo.insertChallenge(db, {
    tokenHash,
    userId: input.person.id,
    sessionHash: input.sessionHash,
    kind: input.kind,
    mfaType: input.mfaType,
    codeHash: code,
  });
  return token;
};

/** Starts a method on an enrolment: a new authenticator secret (shown now, never again), or a mailed code. */
export const startEnrolment = async (
  db: Queryable,
  challenge: repo.ChallengeRow,
  type: repo.MfaType,
  token: string,
): Promise<TMfaEnrolment> => {
  const person = { id: challenge.user_id, email: challenge.email, name: challenge.name, language: challenge.language };
  if (type === 'email') {
    await repo.updateChallengeMethod(
      db,
      challenge.token_hash,
      'email',
      await mailCode(db, person, challenge.token_hash),
      null,
    );
    return { type, token };
  }
  const secret = newTotpSecret();
  await repo.updateChallengeMethod(db, challenge.token_hash, 'google', null, secret);
  const { uri, qr } = await totpEnrolment(challenge.email, secret);
  return { type, token, otpauth_uri: uri, qr_code: qr, secret };
};

/**
 * Checks a code against the challenge. A wrong code is counted (the fifth voids the challenge;
 * the tenth in a row of the account locks it, mfa-lockout.ts); a TOTP code is accepted once; the
 * challenge is then used up. Returns the TOTP step used.
 */
export const verifyChallengeCode = async (
  db: Queryable,
  challenge: repo.ChallengeRow,
  code: string,
  audit: AuditEntry,
): Promise<number | null> => {
  await assertSecondStepOpen(db, challenge, audit);
  let ok = false;
  let step: number | null = null;
  if (challenge.mfa_type === 'google') {
    const secret = challenge.kind === 'login' ? challenge.totp_secret : challenge.pending_secret;
    step = secret ? matchingTotpStep(secret, code) : null;
    ok = step !== null && (challenge.kind !== 'login' || (await repo.claimTotpStep(db, challenge.user_id, step)));
  } else if (challenge.mfa_type === 'email' && challenge.code_hash) {
    ok = sameHash(challenge.code_hash, codeHash(challenge.token_hash, code));
  }
  if (!ok) {
    const attempts = await repo.recordWrongCode(db, challenge.token_hash);
    const voided = attempts >= repo.MAX_CODE_ATTEMPTS;
    await recordAudit(db, {
      ...audit,
      type: voided ? 'mfa_voided' : 'mfa_failed',
      responseCode: 400,
      detail: { attempts, mfa_type: challenge.mfa_type },
    });
    await countWrongCode(db, challenge, audit);
    throw invalidCode();
  }
  if (!(await repo.useChallenge(db, challenge.token_hash))) throw invalidChallenge();
  await countRightCode(db, challenge);
  return step;
};

const newRecoveryCode = () => {
  const raw = randomBytes(10).toString('hex');
  return `${raw.slice(0, 5)}-${raw.slice(5, 10)}-${raw.slice(10, 15)}-${raw.slice(15)}`;
};
export const recoveryCodeHash = (code: string) =>
  hashToken(
    `recovery:${code
      .trim()
      .toLowerCase()
      .replace(/[^0-9a-f]/g, '')}`,
  );

/** Turns on the method the challenge confirmed; an authenticator app also gets 10 recovery codes, shown once. */
export const completeEnrolment = async (
  db: Queryable,
  challenge: repo.ChallengeRow,
  step: number | null,
  audit: AuditEntry,
): Promise<string[]> => {
  const type = challenge.mfa_type as repo.MfaType;
  await repo.enableUserMfa(db, challenge.user_id, type, type === 'google' ? challenge.pending_secret : null, step);
  let codes: string[] = [];
  if (type === 'google') {
    codes = Array.from({ length: 10 }, newRecoveryCode);
    await repo.replaceRecoveryCodes(db, challenge.user_id, codes.map(recoveryCodeHash));
  } else {
    await repo.replaceRecoveryCodes(db, challenge.user_id, []);
  }
  await recordAudit(db, {
    ...audit,
    type: 'mfa_enabled',
    responseCode: 200,
    entity: 'user',
    entityId: challenge.user_id,
    detail: { mfa_type: type },
  });
  return codes;
};
