import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';

// TOTP secrets (pending and enrolled) are stored encrypted (lib/secret-box.ts) and opened only here.
const seal = (secret: string | null | undefined) => (secret ? encryptSecret(secret) : null);
const open = (sealed: string | null) => (sealed ? decryptSecret(sealed) : null);

export type MfaType = 'email' | 'google';
export type ChallengeKind = 'login' | 'setup' | 'enrol';

export type ChallengeRow = {
  token_hash: string;
  user_id: string;
  session_hash: string | null;
  kind: ChallengeKind;
  mfa_type: MfaType | null;
  code_hash: string | null;
  pending_secret: string | null;
  attempts: number;
  email: string;
  name: string;
  language: string;
  organisation_id: string;
  totp_secret: string | null;
  /** The account's lock (wrong passwords or wrong codes); the second step is refused while it lasts. */
  locked_until: Date | null;
};

/** Wrong codes after which a challenge is void (SECURITY.md). */
export const MAX_CODE_ATTEMPTS = 5;
/** An e-mailed code and the second step itself are valid 30 minutes (portal.md §9). */
export const CHALLENGE_SECONDS = 30 * 60;

export const insertChallenge = (
  db: Queryable,
  c: {
    tokenHash: string;
    userId: string;
    sessionHash: string;
    kind: ChallengeKind;
    mfaType: MfaType | null;
    codeHash?: string | null;
    pendingSecret?: string | null;
  },
) =>
  db.query(sql`insert into mfa_challenge (token_hash, user_id, session_hash, kind, mfa_type, code_hash, pending_secret, expires_at)
    values (${c.tokenHash}, ${c.userId}, ${c.sessionHash}, ${c.kind}, ${c.mfaType}, ${c.codeHash ?? null}, ${seal(c.pendingSecret)},
      now() + make_interval(secs => ${CHALLENGE_SECONDS}))`);

/** A live challenge of this kind bound to this session (used, void and expired ones are not found). */
export const findLiveChallenge = async (
  db: Queryable,
  tokenHash: string,
  kind: ChallengeKind,
  sessionHash: string,
): Promise<ChallengeRow | undefined> => {
  const [row] =
    await db.query<ChallengeRow>(sql`select c.token_hash, c.user_id, c.session_hash, c.kind, c.mfa_type, c.code_hash, c.pending_secret, c.attempts,
      u.email, u.name, u.language, u.organisation_id, u.totp_secret, u.locked_until
    from mfa_challenge c join app_user u on u.id = c.user_id
    where c.token_hash = ${tokenHash} and c.kind = ${kind} and c.session_hash = ${sessionHash}
      and c.used_at is null and c.expires_at > now() and c.attempts < ${MAX_CODE_ATTEMPTS} and u.status = 'active'`);
  return row && { ...row, pending_secret: open(row.pending_secret), totp_secret: open(row.totp_secret) };
};

/** Counts a wrong code; the fifth voids the challenge. Returns the attempts so far. */
export const recordWrongCode = async (db: Queryable, tokenHash: string): Promise<number> => {
  const [row] = await db.query<{ attempts: number }>(sql`update mfa_challenge set attempts = attempts + 1,
      used_at = case when attempts + 1 >= ${MAX_CODE_ATTEMPTS} then now() else used_at end
    where token_hash = ${tokenHash} returning attempts`);
  return row?.attempts ?? MAX_CODE_ATTEMPTS;
};

/**
 * Counts a wrong code against the account, across its sign-ins: the `lockAfter`-th in a row locks
 * the account for `lockSeconds`, like wrong passwords do. `newly_locked` is true only for the code
 * that set the lock (the row lock makes that one request, also when codes arrive at once).
 */
export const recordWrongAccountCode = async (
  db: Queryable,
  userId: string,
  lockAfter: number,
  lockSeconds: number,
): Promise<{ failures: number; newly_locked: boolean }> => {
  const [row] = await db.query<{ failures: number; newly_locked: boolean }>(sql`
    with prior as (select id, locked_until is not null and locked_until > now() as locked from app_user where id = ${userId} for update)
    update app_user u set mfa_failures = u.mfa_failures + 1,
      locked_until = case when u.mfa_failures + 1 >= ${lockAfter} and not prior.locked
        then now() + make_interval(secs => ${lockSeconds}) else u.locked_until end
    from prior where u.id = prior.id
    returning u.mfa_failures as failures, u.mfa_failures >= ${lockAfter} and not prior.locked as newly_locked`);
  return row ?? { failures: 0, newly_locked: false };
};

/** A right code ends the run of wrong ones. */
export const resetAccountCodes = (db: Queryable, userId: string) =>
  db.query(sql`update app_user set mfa_failures = 0 where id = ${userId} and mfa_failures <> 0`);

export const updateChallengeMethod = (
  db: Queryable,
  tokenHash: string,
  mfaType: MfaType,
  codeHash: string | null,
  pendingSecret: string | null,
) =>
  db.query(
    sql`update mfa_challenge set mfa_type = ${mfaType}, code_hash = ${codeHash}, pending_secret = ${seal(pendingSecret)} where token_hash = ${tokenHash}`,
  );

/** Marks the challenge used; false when a parallel request already did (single use). */
export const useChallenge = async (db: Queryable, tokenHash: string): Promise<boolean> =>
  (
    await db.query(
      sql`update mfa_challenge set used_at = now() where token_hash = ${tokenHash} and used_at is null returning token_hash`,
    )
  ).length === 1;

/**
 * Records that a TOTP step was used; false when this or a later step was used before, which
 * refuses a replayed code even from two requests at the same moment.
 */
export const claimTotpStep = async (db: Queryable, userId: string, step: number): Promise<boolean> =>
  (
    await db.query(sql`update app_user set totp_last_step = ${step}
    where id = ${userId} and (totp_last_step is null or totp_last_step < ${step}) returning id`)
  ).length === 1;

export const enableUserMfa = (
  db: Queryable,
  userId: string,
  type: MfaType,
  totpSecret: string | null,
  totpStep: number | null,
) =>
  db.query(
    sql`update app_user set mfa_type = ${type}, totp_secret = ${seal(totpSecret)}, totp_last_step = ${totpStep}, updated_at = now() where id = ${userId}`,
  );

/** Turns MFA off and forgets everything that skipped or replaced it. */
export const clearUserMfa = async (db: Queryable, userId: string) => {
  await db.query(
    sql`update app_user set mfa_type = null, totp_secret = null, totp_last_step = null, updated_at = now() where id = ${userId}`,
  );
  await db.query(sql`delete from mfa_recovery_code where user_id = ${userId}`);
  await db.query(sql`delete from trusted_browser where user_id = ${userId}`);
};

export const replaceRecoveryCodes = async (db: Queryable, userId: string, codeHashes: string[]) => {
  await db.query(sql`delete from mfa_recovery_code where user_id = ${userId}`);
  await db.query(
    sql`insert into mfa_recovery_code (user_id, code_hash) select ${userId}, unnest(${codeHashes}::text[])`,
  );
};

export const useRecoveryCode = async (db: Queryable, userId: string, codeHash: string): Promise<boolean> =>
  (
    await db.query(
      sql`update mfa_recovery_code set used_at = now() where user_id = ${userId} and code_hash = ${codeHash} and used_at is null returning code_hash`,
    )
  ).length === 1;

export const TRUSTED_BROWSER_SECONDS = 30 * 24 * 3600;

export const insertTrustedBrowser = (db: Queryable, idHash: string, userId: string) =>
  db.query(
    sql`insert into trusted_browser (id_hash, user_id, expires_at) values (${idHash}, ${userId}, now() + make_interval(secs => ${TRUSTED_BROWSER_SECONDS}))`,
  );

export const isTrustedBrowser = async (db: Queryable, idHash: string, userId: string): Promise<boolean> =>
  (
    await db.query(
      sql`select 1 from trusted_browser where id_hash = ${idHash} and user_id = ${userId} and expires_at > now()`,
    )
  ).length === 1;

/**
 * The MFA the user's organisation or any organisation above it requires; an authenticator app
 * ('google') is the stricter requirement and wins.
 */
export const requiredMfaFor = async (db: Queryable, organisationId: string): Promise<MfaType | null> => {
  const rows = await db.query<{ mfa_required: MfaType }>(sql`select a.mfa_required from organisation o
    join organisation a on o.path like a.path || '%' where o.id = ${organisationId} and a.mfa_required is not null`);
  if (rows.some((row) => row.mfa_required === 'google')) return 'google';
  return rows.length ? 'email' : null;
};

/** Whether the user's MFA meets the requirement: an authenticator app also meets an e-mail requirement. */
export const meetsMfaRequirement = (has: MfaType | null, required: MfaType | null): boolean =>
  !required || has === 'google' || (has === 'email' && required === 'email');
