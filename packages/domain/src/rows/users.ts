import { z } from 'zod';
import { populated, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation } from './settings.ts';
import { secret } from '../schemas/secret.ts';
import { ZMode } from '../schemas/mode.ts';

/** `GET /v1/user` and `/v1/psp/user` rows: a user as lists show it; secrets never leave the server. */
export const ZUserRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    email: z.string(),
    /** A new address waiting for its confirmation link to be used; `email` stays in use until then. */
    pending_email: z.string().nullable(),
    name: z.string(),
    language: z.string(),
    status: z.enum(['active', 'disabled']),
    mfa: z.enum(['email', 'google']).nullable(),
    organisation: populated(ZOrganisation),
    roles: z.array(z.string()),
    locked: z.boolean(),
    last_login_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'UserRow' });
export type TUserRow = WireOf<typeof ZUserRow>;

/** `GET /v1/psp/welcome-mail` rows: a welcome-mail template. */
export const ZWelcomeMailRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    name: z.string(),
    content: z.string(),
    default: z.boolean(),
    psp_default: z.boolean(),
  })
  .meta({ id: 'WelcomeMailRow' });
export type TWelcomeMailRow = WireOf<typeof ZWelcomeMailRow>;

/** `GET /v1/apikey` rows: the prefix identifies a key; the key itself is never shown again. */
export const ZApiKeyRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    prefix: z.string(),
    /** The one mode the key acts in (issue 38): `ksk_live_…` keys read and write live rows only, `ksk_test_…` keys test rows only. */
    mode: ZMode,
    roles: z.array(z.string()),
    organisation: populated(ZOrganisation),
    created_by: z.string().nullable(),
    last_used_at: ZTimestamp.nullable(),
    revoked_at: ZTimestamp.nullable(),
    revoked_by: z.string().nullable(),
    active: z.boolean(),
    /** The change request that must be approved before the key works (four eyes, issue 35); null once approved or without one. */
    change_request: z.string().nullable(),
  })
  .meta({ id: 'ApiKeyRow' });
export type TApiKeyRow = WireOf<typeof ZApiKeyRow>;

/** The answer to creating a key: the only time the full key (`key`) is sent. */
export const ZApiKeyCreated = ZApiKeyRow.extend({ key: secret(z.string()) }).meta({ id: 'ApiKeyCreated' });
export type TApiKeyCreated = WireOf<typeof ZApiKeyCreated>;
