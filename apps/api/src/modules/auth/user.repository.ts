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
