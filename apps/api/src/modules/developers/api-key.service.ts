import { randomBytes } from 'node:crypto';
import { canGrantRole, isProviderRoleName, type TApiKeyCreate, type TMode } from '@kassa/domain';
import { badRequest, forbidden, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { API_KEY_PREFIX, apiKeyHash } from '../../plugins/api-key-lookup.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { apiKeyEntity } from './api-key.entity.ts';
import * as repo from './api-key.repository.ts';

/** A new key: a public part that names it and its mode in lists (`ksk_live_…`, `ksk_test_…`), then 256 random bits. */
const newKey = (mode: TMode) => {
  const prefix = `${API_KEY_PREFIX}${mode}_${randomBytes(5).toString('hex')}`;
  return { prefix, key: `${prefix}_${randomBytes(32).toString('base64url')}` };
};

/** Scopes are roles; a key never gets a role its creator could not grant a user, nor provider roles outside the provider. */
const assertRoles = (callerRoles: string[], roles: string[], providerOrg: boolean) => {
  const refused = roles.filter((role) => !canGrantRole(callerRoles, role));
  if (refused.length)
    throw badRequest('body.roles', `You cannot give a key roles you do not hold: ${refused.join(', ')}`);
  if (!providerOrg && roles.some(isProviderRoleName))
    throw badRequest('body.roles', 'Provider roles are for keys of the provider organisation only');
};

export const createApiKey = async (db: Db, actor: Actor & { roles: string[]; name: string }, body: TApiKeyCreate) => {
  const mode = body.mode ?? 'live';
  const { prefix, key } = newKey(mode);
  const id = newId('ak');
  await db.transaction(async (tx) => {
    const orgId = body.organisation ?? actor.organisation.id;
    const org = await repo.findOrganisationInSubtree(tx, actor.organisation.path, orgId);
    if (!org) throw notFoundAt('body.organisation', 'Organisation');
    const roles = [...new Set(body.roles)].sort();
    assertRoles(actor.roles, roles, org.type === 'provider');
    await repo.insertKey(tx, {
      id,
      organisationId: org.id,
      merchantId: org.merchant_id,
      name: body.name,
      prefix,
      mode,
      keyHash: apiKeyHash(key),
      roles,
      createdBy: actor.userId,
      createdByName: actor.name,
      // Keys never reach this route (access.ts marks it person-only); recorded all the same, so
      // that revoking a key would also end any key it made.
      createdByKeyId: actor.audit.authentication === 'api' ? actor.userId : null,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'api_key_created',
      responseCode: 201,
      entity: 'apikey',
      entityId: id,
      detail: { name: body.name, prefix, roles, mode },
    });
  });
  return { ...(await getEntity(db, apiKeyEntity, actor.scope, id)), key };
};

/**
 * Revokes a key at once (the next request with it is a 401), and with it every key it made and
 * their descendants (made with keys before keys were refused on these routes); the rows stay for
 * the record. Revoking an already revoked key still ends any key below it that is live.
 */
export const revokeApiKey = async (db: Db, actor: Actor & { roles: string[]; name: string }, id: string) => {
  await db.transaction(async (tx) => {
    const key = await repo.lockKey(tx, actor.scope, id);
    if (!key) throw notFoundAt('params.id', 'API key');
    if (!key.roles.every((role) => canGrantRole(actor.roles, role)))
      throw forbidden('This key holds roles you do not hold');
    for (const revoked of await repo.revokeKeyTree(tx, id, actor.name)) {
      const own = revoked.id === id;
      // One row per key, so each key's history says why it ended.
      await recordAudit(tx, {
        ...actor.audit,
        type: 'api_key_revoked',
        responseCode: 200,
        entity: 'apikey',
        entityId: revoked.id,
        detail: own ? { name: revoked.name } : { name: revoked.name, reason: 'made_by_revoked_key', revoked_key: id },
      });
    }
  });
  return getEntity(db, apiKeyEntity, actor.scope, id);
};
