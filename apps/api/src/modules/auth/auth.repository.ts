import type { TMode } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type UserRow = {
  id: string;
  email: string;
  name: string;
  language: string;
  status: 'active' | 'disabled';
  password_hash: string | null;
  failed_logins: number;
  locked_until: Date | null;
  mfa_type: 'email' | 'google' | null;
  organisation_id: string;
};

export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | undefined> =>
  (
    await db.query<UserRow>(sql`select id, email, name, language, status, password_hash, failed_logins, locked_until, mfa_type, organisation_id
    from app_user where lower(email) = lower(${email})`)
  )[0];

export const recordFailedLogin = async (
  db: Queryable,
  userId: string,
  lockAfter: number,
  lockSeconds: number,
): Promise<{ failed_logins: number; locked: boolean }> => {
  const [row] = await db.query<{ failed_logins: number; locked: boolean }>(sql`
    update app_user set failed_logins = failed_logins + 1,
      locked_until = case when failed_logins + 1 >= ${lockAfter} then now() + make_interval(secs => ${lockSeconds}) else locked_until end
    where id = ${userId}
    returning failed_logins, locked_until is not null and locked_until > now() as locked`);
  return row;
};

export const recordSuccessfulLogin = (db: Queryable, userId: string) =>
  db.query(sql`update app_user set failed_logins = 0, locked_until = null, last_login_at = now() where id = ${userId}`);

export const insertSession = (
  db: Queryable,
  session: {
    idHash: string;
    userId: string;
    mfaPending: boolean;
    ip: string;
    userAgent: string | null;
    absoluteSeconds: number;
  },
) =>
  db.query(sql`insert into session (id_hash, user_id, mfa_pending, ip, user_agent, expires_at)
    values (${session.idHash}, ${session.userId}, ${session.mfaPending}, ${session.ip}, ${session.userAgent},
      now() + make_interval(secs => ${session.absoluteSeconds}))`);

export const revokeSession = (db: Queryable, idHash: string) =>
  db.query(sql`update session set revoked_at = now() where id_hash = ${idHash} and revoked_at is null`);

export type MeRow = {
  id: string;
  email: string;
  name: string;
  language: string;
  time_zone: string;
  mfa_type: 'email' | 'google' | null;
  mode: TMode;
  roles: string[];
  org_id: string;
  org_name: string;
  org_type: 'provider' | 'merchant' | 'sub';
  features: string[];
};

export const findMe = async (db: Queryable, userId: string): Promise<MeRow | undefined> =>
  (
    await db.query<MeRow>(sql`select u.id, u.email, u.name, u.language, u.time_zone, u.mfa_type, u.mode,
      array(select r.role from user_role r where r.user_id = u.id order by r.role) as roles,
      o.id as org_id, o.name as org_name, o.type as org_type,
      (select m.features from organisation m where m.id = coalesce(o.merchant_id, o.id)) as features
    from app_user u join organisation o on o.id = u.organisation_id where u.id = ${userId}`)
  )[0];

/** The person's choice of mode (issue 38); the session lookup reads it, so the change notifies every process (migration 0115). */
export const setUserMode = (db: Queryable, userId: string, mode: TMode) =>
  db.query(sql`update app_user set mode = ${mode}, updated_at = now() where id = ${userId} and mode <> ${mode}`);

export type MfaUserRow = {
  id: string;
  email: string;
  name: string;
  language: string;
  organisation_id: string;
  mfa_type: 'email' | 'google' | null;
  status: string;
};

export const findUserById = async (db: Queryable, userId: string): Promise<MfaUserRow | undefined> =>
  (
    await db.query<MfaUserRow>(
      sql`select id, email, name, language, organisation_id, mfa_type, status from app_user where id = ${userId}`,
    )
  )[0];

/** Ends every session of the user, except optionally the one making the request. */
export const revokeUserSessions = (db: Queryable, userId: string, exceptHash: string | null = null) =>
  db.query(sql`update session set revoked_at = now()
    where user_id = ${userId} and revoked_at is null and (${exceptHash}::text is null or id_hash <> ${exceptHash})`);

export type OwnSessionRow = {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
};

/**
 * The user's live sessions. A session is named by the first 16 hex digits of its hash: enough
 * to tell them apart, and never the cookie value itself.
 */
export const listLiveSessions = (db: Queryable, userId: string, currentHash: string, idleSeconds: number) =>
  db.query<OwnSessionRow>(sql`select substr(id_hash, 1, 16) as id, created_at, last_seen_at, ip, user_agent, id_hash = ${currentHash} as current
    from session where user_id = ${userId} and revoked_at is null and not mfa_pending and expires_at > now()
      and last_seen_at > now() - make_interval(secs => ${idleSeconds})
    order by last_seen_at desc`);

export const revokeSessionById = async (db: Queryable, userId: string, id: string): Promise<boolean> =>
  (
    await db.query(sql`update session set revoked_at = now()
    where user_id = ${userId} and substr(id_hash, 1, 16) = ${id} and revoked_at is null returning id_hash`)
  ).length === 1;

/** Replaces a hash with one of the current parameters (same password, so sessions stay). */
export const updatePasswordHash = (db: Queryable, userId: string, passwordHash: string) =>
  db.query(sql`update app_user set password_hash = ${passwordHash} where id = ${userId}`);
