import { newId } from '../../lib/ids.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type NewUser = {
  id?: string;
  organisationId: string;
  email: string;
  name: string;
  language?: string;
  passwordHash: string | null;
  roles: readonly string[];
};

export const insertUser = async (db: Queryable, user: NewUser): Promise<string> => {
  const id = user.id ?? newId('usr');
  await db.query(sql`insert into app_user (id, organisation_id, email, name, language, password_hash, password_changed_at)
    values (${id}, ${user.organisationId}, ${user.email}, ${user.name}, ${user.language ?? 'nl'}, ${user.passwordHash}, now())`);
  if (user.roles.length) {
    await db.query(sql`insert into user_role (user_id, role) select ${id}, unnest(${[...user.roles]}::text[])`);
  }
  return id;
};

/** The user's password hash, to check the password they typed before a profile change. */
export const findPasswordHash = async (db: Queryable, userId: string): Promise<string | null | undefined> =>
  (await db.query<{ password_hash: string | null }>(sql`select password_hash from app_user where id = ${userId}`))[0]
    ?.password_hash;

export type ChangedUser = { id: string; name: string; organisation_id: string };

/** Sets an active user's password from a reset or welcome link and lifts a lock-out; undefined when the user is not active. */
export const resetPassword = async (
  db: Queryable,
  userId: string,
  passwordHash: string,
): Promise<ChangedUser | undefined> =>
  (
    await db.query<ChangedUser>(sql`update app_user
      set password_hash = ${passwordHash}, password_changed_at = now(), failed_logins = 0, locked_until = null, updated_at = now()
      where id = ${userId} and status = 'active' returning id, name, organisation_id`)
  )[0];

/** Sets a user's own new password (the profile's change, which keeps the lock-out counters). */
export const changePassword = (db: Queryable, userId: string, passwordHash: string) =>
  db.query(
    sql`update app_user set password_hash = ${passwordHash}, password_changed_at = now(), updated_at = now() where id = ${userId}`,
  );

/** True when another user already signs in with this address (compared case-insensitively). */
export const isEmailTaken = async (db: Queryable, email: string, exceptUserId: string): Promise<boolean> =>
  (await db.query(sql`select 1 from app_user where lower(email) = lower(${email}) and id <> ${exceptUserId}`)).length >
  0;

/** Moves an active user to the confirmed new address; undefined when the user is not active. */
export const changeEmail = async (db: Queryable, userId: string, email: string): Promise<ChangedUser | undefined> =>
  (
    await db.query<ChangedUser>(sql`update app_user set email = ${email}, updated_at = now()
      where id = ${userId} and status = 'active' returning id, name, organisation_id`)
  )[0];
