import { ZUserRow } from '@kassa/domain';
import { sql } from '../../plugins/db/index.ts';
import { defineEntity, type FieldDef } from '../../query/entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

/** A user's fields as lists show them: never the password hash, TOTP secret or lock counters. */
const userFields = {
  id: { type: 'id', filter: true, sort: true, search: 'exact' },
  created_at: { type: 'timestamp', filter: true, sort: true },
  email: { type: 'text', filter: true, sort: true, search: 'prefix' },
  // Only one e-mail change link of a user is live at a time (token.repository.ts voids the older).
  pending_email: {
    type: 'text',
    column: `(select t.new_email from user_token t where t.user_id = e.id and t.purpose = 'email_change'
      and t.used_at is null and t.expires_at > now() order by t.created_at desc limit 1)`,
  },
  name: { type: 'text', filter: true, sort: true, search: 'prefix' },
  language: { type: 'text', filter: true, values: ['nl', 'en-US'] },
  status: { type: 'text', filter: true, sort: true, values: ['active', 'disabled'] },
  mfa: { type: 'text', column: 'e.mfa_type', filter: true, values: ['email', 'google'] },
  organisation: { type: 'id', column: 'e.organisation_id' },
  roles: {
    type: 'text[]',
    column: 'array(select r.role from user_role r where r.user_id = e.id order by r.role)',
    filter: true,
  },
  locked: { type: 'bool', column: 'coalesce(e.locked_until > now(), false)' },
  last_login_at: { type: 'timestamp', filter: true, sort: true },
} satisfies Record<string, FieldDef>;

/** Platform users: users of merchants and their sub-organisations (`/v1/user`). */
export const platformUserEntity = defineEntity(ZUserRow, {
  name: 'user',
  table: 'app_user',
  tenancy: 'member',
  fields: userFields,
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
  baseCondition: sql`e.organisation_id in (select o.id from organisation o where o.type <> 'provider')`,
});

/** Provider users: the PSP's own staff (`/v1/psp/user`). */
export const pspUserEntity: typeof platformUserEntity = {
  ...platformUserEntity,
  name: 'psp_user',
  baseCondition: sql`e.organisation_id in (select o.id from organisation o where o.type = 'provider')`,
};
