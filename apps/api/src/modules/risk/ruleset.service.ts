import type { TRulesetCreate, TRulesetUpdate } from '@kassa/domain';
import { badRequest } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity, type UpdateCtx } from '../../query/write.ts';
import { paymentProfileEntity } from '../settings/settings.entities.ts';
import { tagEntity } from '../settings/tag.entity.ts';
import { rulesetEntity } from './risk.entities.ts';
import type { OwnedRow } from './risk.repository.ts';
import { recordVersion, rollbackTo } from './versioning.ts';

export const rulesetWrite = defineWrite({
  entity: rulesetEntity,
  path: 'validationruleset',
  table: 'validation_ruleset',
  idPrefix: 'vrs',
  label: 'Ruleset',
  audit: { entity: 'validationruleset', type: 'ruleset' },
  references: {
    tag: { entity: () => tagEntity, column: 'tag_id' },
    payment_profile: { entity: () => paymentProfileEntity, column: 'payment_profile_id' },
  },
  populate: 'tag payment_profile organisation',
});

/** A tag ruleset names the tag it gives (the reference itself is checked by the write path). */
const checkTag = (action: string, body: TRulesetUpdate) => {
  if (action === 'tag' && !body.tag)
    throw badRequest('body.tag', 'This field is required', 'validation_error', 'required');
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

export const createRuleset = (db: Db, actor: Actor, body: TRulesetCreate) =>
  createEntity(db, actor, rulesetWrite, body, async ({ tx, id, owner }) => {
    checkTag(body.action, body);
    const snapshot = snapshotOf(body.action, body);
    // Merchant-owned (resolveOwner): the merchant id is always there.
    const row = { id, organisation_id: owner.organisationId, merchant_id: String(owner.merchantId) };
    await recordVersion(tx, actor, 'validationruleset', row, 'created', snapshot);
    return {
      values: { action: body.action, ...columnsOf(snapshot) },
      detail: { name: body.name, action: body.action },
    };
  });

/**
 * The rules of a save and of a rollback alike: the action stays as created (§4 "Ruleset rule"), a
 * new version. An update changes only the fields it sends: the rest is the ruleset as stored.
 */
const applyRuleset =
  (actor: Actor, change: 'updated' | 'rolled_back') =>
  async ({ tx, body, row }: UpdateCtx<TRulesetUpdate>) => {
    const action = String(row.action);
    // As on create (§5 "webhook_url … not for 3dSecure"): refused, never silently dropped.
    if (action === '3dSecure' && body.webhook_url)
      throw badRequest('body.webhook_url', 'A 3-D Secure ruleset has no webhook');
    const next: TRulesetUpdate = { ...storedRuleset(row as OwnedRow), ...definedOf(body) };
    checkTag(action, next);
    const snapshot = snapshotOf(action, next);
    const version = await recordVersion(tx, actor, 'validationruleset', row as OwnedRow, change, snapshot);
    return {
      values: { ...columnsOf(snapshot), version },
      detail: { name: snapshot.name, version, fields: Object.keys(body) },
    };
  };

/** Updates a ruleset; its action and organisation stay as created (§4 "Ruleset rule"). */
export const updateRuleset = (db: Db, actor: Actor, id: string, body: TRulesetUpdate) =>
  updateEntity(db, actor, rulesetWrite, id, body, applyRuleset(actor, 'updated'));

export const rollbackRuleset = (db: Db, actor: Actor, id: string, version: number) =>
  rollbackTo(db, actor, rulesetWrite, id, version, applyRuleset(actor, 'rolled_back'));

export const deleteRuleset = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, rulesetWrite, id, async ({ tx, row }) => {
    await recordVersion(tx, actor, 'validationruleset', row as OwnedRow, 'deleted', {
      name: row.name,
      action: row.action,
      rules: row.rules,
    });
    return { detail: { name: row.name } };
  });
