import { sql, type Queryable } from '../../plugins/db/index.ts';

export const isEmailInUse = async (
  db: Queryable,
  email: string,
  exceptUserId: string | null = null,
): Promise<boolean> =>
  (
    await db.query(
      sql`select 1 from app_user where lower(email) = lower(${email}) and (${exceptUserId}::text is null or id <> ${exceptUserId})`,
    )
  ).length > 0;

export type ManagedUser = {
  id: string;
  email: string;
  name: string;
  language: string;
  organisation_id: string;
  status: string;
  roles: string[];
};

export const findManagedUser = async (db: Queryable, id: string): Promise<ManagedUser | undefined> =>
  (
    await db.query<ManagedUser>(sql`select u.id, u.email, u.name, u.language, u.organisation_id, u.status,
      array(select r.role from user_role r where r.user_id = u.id order by r.role) as roles
    from app_user u where u.id = ${id}`)
  )[0];

export const updateUserFields = (
  db: Queryable,
  id: string,
  fields: { email?: string; name?: string; language?: string; timeZone?: string; organisationId?: string },
) =>
  db.query(sql`update app_user set email = coalesce(${fields.email ?? null}, email), name = coalesce(${fields.name ?? null}, name),
      language = coalesce(${fields.language ?? null}, language), time_zone = coalesce(${fields.timeZone ?? null}, time_zone), organisation_id = coalesce(${fields.organisationId ?? null}, organisation_id), updated_at = now()
    where id = ${id}`);

export const replaceRoles = async (db: Queryable, id: string, roles: string[]) => {
  await db.query(sql`delete from user_role where user_id = ${id}`);
  if (roles.length) await db.query(sql`insert into user_role (user_id, role) select ${id}, unnest(${roles}::text[])`);
};

export const forgetTrustedBrowsers = (db: Queryable, userId: string) =>
  db.query(sql`delete from trusted_browser where user_id = ${userId}`);

/** The default template for the side: `psp_default` for provider staff, `default` for merchant users. */
export const findDefaultWelcomeContent = async (db: Queryable, psp: boolean): Promise<string | undefined> =>
  (
    await db.query<{ content: string }>(
      psp
        ? sql`select content from welcome_mail where psp_default limit 1`
        : sql`select content from welcome_mail where is_default limit 1`,
    )
  )[0]?.content;
