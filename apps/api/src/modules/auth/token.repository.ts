import { hashToken, newToken } from '../../plugins/auth-context.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type TokenPurpose = 'reset' | 'welcome' | 'email_change';

/** Reset links live 1 hour; welcome links 24 hours as the welcome mail says; e-mail changes 24 hours. */
export const TOKEN_SECONDS: Record<TokenPurpose, number> = { reset: 3600, welcome: 24 * 3600, email_change: 24 * 3600 };

/**
 * Issues a single-use token (256 random bits, only its hash stored) and voids the user's
 * earlier unused tokens of the same purpose, so only the newest link works.
 */
export const issueUserToken = async (
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  newEmail: string | null = null,
): Promise<string> => {
  await db.query(
    sql`update user_token set used_at = now() where user_id = ${userId} and purpose = ${purpose} and used_at is null`,
  );
  const token = newToken();
  await db.query(sql`insert into user_token (id_hash, user_id, purpose, new_email, expires_at)
    values (${hashToken(token)}, ${userId}, ${purpose}, ${newEmail}, now() + make_interval(secs => ${TOKEN_SECONDS[purpose]}))`);
  return token;
};

export type ValidToken = { user_id: string; purpose: TokenPurpose; new_email: string | null };

/** The token if it exists, is unused and unexpired, and has one of the purposes. */
export const findValidToken = async (
  db: Queryable,
  token: string,
  purposes: TokenPurpose[],
): Promise<ValidToken | undefined> =>
  (
    await db.query<ValidToken>(sql`select user_id, purpose, new_email from user_token
    where id_hash = ${hashToken(token)} and purpose = any(${purposes}) and used_at is null and expires_at > now()`)
  )[0];

/** Marks the token used; false when another request used it first (single use under concurrency). */
export const consumeToken = async (db: Queryable, token: string): Promise<boolean> =>
  (
    await db.query(
      sql`update user_token set used_at = now() where id_hash = ${hashToken(token)} and used_at is null and expires_at > now() returning id_hash`,
    )
  ).length === 1;
