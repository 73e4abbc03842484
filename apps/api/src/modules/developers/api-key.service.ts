import { randomBytes } from 'node:crypto';
import { canGrantRole, isProviderRoleName, type TApiKeyCreate, type TMode } from '@kassa/domain';
import { badRequest, forbidden, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { PersonActor } from '../../plugins/actor.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import { API_KEY_PREFIX, apiKeyHash } from '../../plugins/api-key-lookup.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { ownerScope } from '../../query/owner.ts';
import { actOnEntity, defineWrite, holdForApproval, noteOf, writeEntity } from '../../query/write.ts';
import { findOrganisationInSubtree } from '../../query/write.repository.ts';
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

/** API keys: a person makes and revokes them (access.ts marks the routes person-only), never a key. */
export const apiKeyWrite = defineWrite({
  entity: apiKeyEntity,
  path: 'apikey',
  idPrefix: 'ak',
  label: 'API key',
  audit: { entity: 'apikey', type: 'api_key' },
});

/** A key of the named organisation (in the caller's subtree); the answer is the only time the key is shown, the trail holds its prefix. */
export const createApiKey = async (db: Db, actor: PersonActor, body: TApiKeyCreate) => {
  const mode = body.mode ?? 'live';
  const { prefix, key } = newKey(mode);
  const created = await writeEntity(db, actor, apiKeyWrite, async (tx) => {
    const org = await findOrganisationInSubtree(
      tx,
      body.organisation ?? actor.organisation.id,
      actor.organisation.path,
    );
    if (!org) throw notFoundAt('body.organisation', 'Organisation');
    const roles = [...new Set(body.roles)].sort();
    assertRoles(actor.roles, roles, org.type === 'provider');
    const id = newId('ak');
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
    // Under four eyes the key exists and is shown once now, but works only once a second person approves it.
    const waiting = await holdForApproval(tx, actor, {
      def: apiKeyWrite,
      action: 'create',
      id,
      owner: { organisationId: org.id, merchantId: org.merchant_id },
      ownerScope: await ownerScope(tx, org.id),
      body: { name: body.name, roles, mode, organisation: org.id },
    });
    if (waiting) await repo.holdKey(tx, id, waiting);
    const detail = { name: body.name, prefix, roles, mode, ...(waiting ? { change_request: waiting } : {}) };
    return { id, notes: [noteOf(apiKeyWrite, 'created', detail)] };
  });
  return { ...(await created.row()), key };
};

/**
 * A key's change request decided: approved, the key works; rejected (or expired undecided), it is
 * revoked, never left waiting. Recorded on the key.
 */
export const settleApiKey = async (
  tx: Queryable,
  by: Omit<AuditEntry, 'type'>,
  id: string,
  requestId: string,
  verdict: 'approved' | 'rejected' | 'expired',
) => {
  const outcome = verdict === 'approved' ? 'approved' : 'rejected';
  if (!(await repo.settleKey(tx, id, requestId, outcome, by.userName ?? by.userId ?? 'system'))) return;
  await recordAudit(tx, {
    ...by,
    type: verdict === 'approved' ? 'api_key_activated' : 'api_key_revoked',
    responseCode: 200,
    entity: apiKeyWrite.audit.entity,
    entityId: id,
    detail: { change_request: requestId, ...(verdict === 'approved' ? {} : { reason: `change_request_${verdict}` }) },
  });
};

/**
 * Revokes a key at once (the next request with it is a 401), and with it every key it made and
 * their descendants (made with keys before keys were refused on these routes); the rows stay for
 * the record. Revoking an already revoked key still ends any key below it that is live.
 */
export const revokeApiKey = (db: Db, actor: PersonActor, id: string) =>
  actOnEntity(db, actor, apiKeyWrite, id, async ({ tx, row }) => {
    if (!(row.roles as string[]).every((role) => canGrantRole(actor.roles, role)))
      throw forbidden('This key holds roles you do not hold');
    // One entry per key, so each key's history says why it ended.
    const notes = (await repo.revokeKeyTree(tx, id, actor.name)).map((revoked) =>
      revoked.id === id
        ? noteOf(apiKeyWrite, 'revoked', { name: revoked.name })
        : {
            ...noteOf(apiKeyWrite, 'revoked', { name: revoked.name, reason: 'made_by_revoked_key', revoked_key: id }),
            entityId: revoked.id,
          },
    );
    return { notes };
  });
