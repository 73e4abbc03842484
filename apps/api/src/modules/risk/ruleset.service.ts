import type { TRulesetCreate, TRulesetUpdate } from '@kassa/domain';
import { badRequest, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { rulesetEntity } from './risk.entities.ts';
import {
  deleteRow,
  findVersion,
  insertRow,
  lockOwned,
  ownedByMerchant,
  updateRow,
  type OwnedRow,
} from './risk.repository.ts';
import { recordVersion } from './versioning.ts';
import { resolveOwner } from '../settings/owner.ts';

const POPULATE = { _populate: 'tag payment_profile organisation' };

/** Tag and payment profile must belong to the ruleset's merchant; a foreign id reads as unknown. */
const checkReferences = async (tx: Queryable, merchantId: string, action: string, body: TRulesetUpdate) => {
  if (action === 'tag' && !body.tag) throw badRequest('body.tag', 'This field is required');
  if (body.tag && !(await ownedByMerchant(tx, 'tag', body.tag, merchantId)))
    throw badRequest('body.tag', 'Unknown tag');
  if (body.payment_profile && !(await ownedByMerchant(tx, 'payment_profile', body.payment_profile, merchantId))) {
    throw badRequest('body.payment_profile', 'Unknown payment profile');
  }
};

const snapshotOf = (action: string, body: TRulesetUpdate) => ({
  name: body.name,
  action,
  webhook_url: body.webhook_url ?? null,
  email: body.email ?? null,
  tag: action === 'tag' ? (body.tag ?? null) : null,
  payment_profile: body.payment_profile ?? null,
  rules: body.rules,
});

/** The ruleset's fields as stored, in the shape of an update body. */
const storedRuleset = (row: OwnedRow): TRulesetUpdate => ({
  name: String(row.name),
  webhook_url: (row.webhook_url as string | null) ?? null,
  email: (row.email as string | null) ?? null,
  tag: (row.tag_id as string | null) ?? null,
  payment_profile: (row.payment_profile_id as string | null) ?? null,
  rules: row.rules as TRulesetUpdate['rules'],
});

const definedOf = <T extends object>(body: T): Partial<T> =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;

const columnsOf = (snapshot: ReturnType<typeof snapshotOf>) => ({
  name: snapshot.name,
  webhook_url: snapshot.action === '3dSecure' ? null : snapshot.webhook_url,
  email: snapshot.email,
  tag_id: snapshot.tag,
  payment_profile_id: snapshot.payment_profile,
  rules: JSON.stringify(snapshot.rules),
});

export const createRuleset = async (db: Db, actor: Actor, body: TRulesetCreate) => {
  const id = await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation ?? null);
    await checkReferences(tx, owner.merchantId, body.action, body);
    const id = newId('vrs');
    const row = { id, organisation_id: owner.organisationId, merchant_id: owner.merchantId };
    const snapshot = snapshotOf(body.action, body);
    await insertRow(tx, 'validation_ruleset', { ...row, action: body.action, ...columnsOf(snapshot) });
    await recordVersion(tx, actor, 'validationruleset', row, 'created', snapshot);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'ruleset_created',
      responseCode: 201,
      entity: 'validationruleset',
      entityId: id,
      detail: { name: body.name, action: body.action },
    });
    return id;
  });
  return getEntity(db, rulesetEntity, actor.scope, id, POPULATE);
};

const applyRuleset = async (
  tx: Queryable,
  actor: Actor,
  row: OwnedRow,
  body: TRulesetUpdate,
  change: 'updated' | 'rolled_back',
) => {
  const action = String(row.action);
  // As on create (§5 "webhook_url … not for 3dSecure"): refused, never silently dropped.
  if (action === '3dSecure' && body.webhook_url)
    throw badRequest('body.webhook_url', 'A 3-D Secure ruleset has no webhook');
  // An update changes only the fields it sends: the rest is the ruleset as stored.
  const next: TRulesetUpdate = { ...storedRuleset(row), ...definedOf(body) };
  await checkReferences(tx, row.merchant_id, action, next);
  const snapshot = snapshotOf(action, next);
  const version = await recordVersion(tx, actor, 'validationruleset', row, change, snapshot);
  await updateRow(tx, 'validation_ruleset', row.id, { ...columnsOf(snapshot), version });
  await recordAudit(tx, {
    ...actor.audit,
    type: `ruleset_${change}`,
    responseCode: 200,
    entity: 'validationruleset',
    entityId: row.id,
    detail: { name: snapshot.name, version, fields: Object.keys(body) },
  });
};

/** Updates a ruleset; its action and organisation stay as created (§4 "Ruleset rule"). */
export const updateRuleset = async (db: Db, actor: Actor, id: string, body: TRulesetUpdate) => {
  await db.transaction(async (tx) => {
    const row = await lockOwned(tx, 'validation_ruleset', actor.scope, id);
    if (!row) throw notFoundAt('params.id', 'Ruleset');
    await applyRuleset(tx, actor, row, body, 'updated');
  });
  return getEntity(db, rulesetEntity, actor.scope, id, POPULATE);
};

export const rollbackRuleset = async (db: Db, actor: Actor, id: string, version: number) => {
  await db.transaction(async (tx) => {
    const row = await lockOwned(tx, 'validation_ruleset', actor.scope, id);
    if (!row) throw notFoundAt('params.id', 'Ruleset');
    const target = await findVersion(tx, id, version);
    if (!target) throw notFoundAt('params.version', 'Version');
    await applyRuleset(tx, actor, row, target.snapshot as TRulesetUpdate, 'rolled_back');
  });
  return getEntity(db, rulesetEntity, actor.scope, id, POPULATE);
};

export const deleteRuleset = async (db: Db, actor: Actor, id: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const row = await lockOwned(tx, 'validation_ruleset', actor.scope, id);
    if (!row) throw notFoundAt('params.id', 'Ruleset');
    await recordVersion(tx, actor, 'validationruleset', row, 'deleted', {
      name: row.name,
      action: row.action,
      rules: row.rules,
    });
    await deleteRow(tx, 'validation_ruleset', id);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'ruleset_deleted',
      responseCode: 204,
      entity: 'validationruleset',
      entityId: id,
      detail: { name: row.name },
    });
  });
};
