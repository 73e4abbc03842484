import { createHash } from 'node:crypto';
import { sql, type Queryable } from './db/index.ts';

/**
 * Finding the API key a request's bearer names. It lives with the auth plugin, not with the
 * developers module that manages keys: the plugin every route passes through importing a feature
 * module closed an import cycle through the entities.
 */
export const API_KEY_PREFIX = 'ksk_';

/** True for a string shaped like a Kassa API key (before any lookup). */
export const looksLikeApiKey = (value: string) => value.startsWith(API_KEY_PREFIX) && value.length < 200;
/** Keys are stored only as this hash (the same SHA-256 as session ids). */
export const apiKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

export type ApiKeyIdentity = {
  id: string;
  /** The one mode the key acts in (migration 0115); keys made before test mode are live. */
  mode: 'live' | 'test';
  name: string;
  roles: string[];
  last_used_at: Date | null;
  org_id: string;
  org_name: string;
  org_type: 'provider' | 'merchant' | 'sub';
  org_path: string;
};

/** The live key with this hash and its organisation; revoked keys, keys waiting for approval (issue 35) and keys of a deactivated merchant are not found. */
export const findLiveKey = async (db: Queryable, keyHash: string): Promise<ApiKeyIdentity | undefined> =>
  (
    await db.query<ApiKeyIdentity>(
      sql.prepared(
        'kassa_api_key_lookup_3',
        sql`
    select k.id, k.mode, k.name, k.roles, k.last_used_at, o.id as org_id, o.name as org_name, o.type as org_type, o.path as org_path
    from api_key k join organisation o on o.id = k.organisation_id
    where k.key_hash = ${keyHash} and k.revoked_at is null and k.pending_change_request is null
      and not exists (select 1 from organisation m where m.id = o.merchant_id and not m.active)`,
      ),
    )
  )[0];

export const touchKey = (db: Queryable, id: string) =>
  db.query(sql`update api_key set last_used_at = now() where id = ${id}`);
