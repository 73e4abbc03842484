import { sql, type Queryable } from '../../plugins/db/index.ts';

/** Serialises saves that move a default flag, so two saves at once cannot both keep it. */
export const lockWelcomeMailDefaults = (tx: Queryable) =>
  tx.query(sql`select pg_advisory_xact_lock(hashtext('welcome_mail_defaults'))`);

/** Takes the flag off every other template: only one may be the (merchant or provider) default. */
export const clearOtherDefaults = (tx: Queryable, flag: 'is_default' | 'psp_default', keepId: string) =>
  flag === 'is_default'
    ? tx.query(sql`update welcome_mail set is_default = false where is_default and id <> ${keepId}`)
    : tx.query(sql`update welcome_mail set psp_default = false where psp_default and id <> ${keepId}`);

export type WelcomeMailWrite = {
  name: string;
  content: string;
  isDefault: boolean | null;
  pspDefault: boolean | null;
};

/** Updates a template; a flag that is null keeps its value. */
export const updateWelcomeMail = (tx: Queryable, id: string, w: WelcomeMailWrite) =>
  tx.query(sql`update welcome_mail set name = ${w.name}, content = ${w.content},
          is_default = coalesce(${w.isDefault}, is_default), psp_default = coalesce(${w.pspDefault}, psp_default), updated_at = now()
        where id = ${id}`);

/** Adds a template; a flag that is null is false. */
export const insertWelcomeMail = (tx: Queryable, id: string, w: WelcomeMailWrite) =>
  tx.query(sql`insert into welcome_mail (id, name, content, is_default, psp_default)
        values (${id}, ${w.name}, ${w.content}, ${w.isDefault ?? false}, ${w.pspDefault ?? false})`);
