import { HttpError } from '../../lib/http-error.ts';
import { accountLockouts } from '../../lib/metrics.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { LOCK_AFTER_FAILURES, LOCK_SECONDS } from './lockout.ts';
import { codesFailingMail, mailLanguage } from './mail-templates.ts';
import * as repo from './mfa.repository.ts';

/**
 * Wrong second-factor codes count per account across sign-ins (SECURITY.md): each challenge voids
 * itself after 5, but new sign-ins would give an attacker who has the password 5 more each time.
 * Codes typed before the user is signed in count (login, forced setup, recovery codes); an
 * enrolment from the profile is the signed-in user's own business.
 */
const counts = (challenge: repo.ChallengeRow) => challenge.kind !== 'enrol';

/**
 * 401 like the password lock, with its own code: the person already gave the right password, so
 * saying "locked" tells them nothing new and the sign-in form can say when to try again.
 */
export const accountLocked = () =>
  new HttpError(401, 'account_locked', 'This account is locked for 30 minutes after too many wrong codes');

/** Refuses every code, also the right one, while the account is locked. */
export const assertSecondStepOpen = async (db: Queryable, challenge: repo.ChallengeRow, audit: AuditEntry) => {
  if (!counts(challenge) || !challenge.locked_until || challenge.locked_until.getTime() <= Date.now()) return;
  await recordAudit(db, { ...audit, type: 'mfa_locked', responseCode: 401 });
  throw accountLocked();
};

/**
 * Counts a wrong code against the account; the code that locks it mails the user (someone who has
 * the password is guessing codes) and is answered as locked.
 */
export const countWrongCode = async (db: Queryable, challenge: repo.ChallengeRow, audit: AuditEntry) => {
  if (!counts(challenge)) return;
  const result = await repo.recordWrongAccountCode(db, challenge.user_id, LOCK_AFTER_FAILURES, LOCK_SECONDS);
  if (!result.newly_locked) return;
  accountLockouts.inc();
  await recordAudit(db, {
    ...audit,
    type: 'account_locked',
    responseCode: 401,
    detail: { mfa_failures: result.failures },
  });
  const mail = codesFailingMail(mailLanguage(challenge.language), {
    name: challenge.name,
    failures: result.failures,
    minutes: LOCK_SECONDS / 60,
  });
  await queueMail(db, { to: challenge.email, ...mail, template: 'mfa_codes_failing' });
  throw accountLocked();
};

/** A right code ends the run of wrong ones. */
export const countRightCode = async (db: Queryable, challenge: repo.ChallengeRow) => {
  if (counts(challenge)) await repo.resetAccountCodes(db, challenge.user_id);
};
