import type { TTagCreate, TTagUpdate } from '@kassa/domain';
import { HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { tagEntity } from '../settings/tag.entity.ts';
import { deleteRow, insertRow, lockOwned, rulesetsWithTag, updateRow } from './risk.repository.ts';
import { resolveOwner } from '../settings/owner.ts';

export const createTag = async (db: Db, actor: Actor, body: TTagCreate) => {
  const id = await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation ?? null);
    const id = newId('tag');
    await insertRow(tx, 'tag', {
      id,
      organisation_id: owner.organisationId,
      merchant_id: owner.merchantId,
      text: body.text,
      colour: body.colour,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'tag_created',
      responseCode: 201,
      entity: 'tag',
      entityId: id,
      detail: { text: body.text },
    });
    return id;
  });
  return getEntity(db, tagEntity, actor.scope, id);
};

export const updateTag = async (db: Db, actor: Actor, id: string, body: TTagUpdate) => {
  await db.transaction(async (tx) => {
    if (!(await lockOwned(tx, 'tag', actor.scope, id))) throw notFoundAt('params.id', 'Tag');
    // Only the fields sent change.
    const columns = Object.fromEntries(
      Object.entries({ text: body.text, colour: body.colour }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(columns).length > 0) await updateRow(tx, 'tag', id, columns);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'tag_updated',
      responseCode: 200,
      entity: 'tag',
      entityId: id,
      detail: { text: body.text },
    });
  });
  return getEntity(db, tagEntity, actor.scope, id);
};

/** A tag a tag ruleset still assigns cannot go: the ruleset would tag with nothing. */
export const deleteTag = async (db: Db, actor: Actor, id: string): Promise<void> => {
  await db.transaction(async (tx) => {
    if (!(await lockOwned(tx, 'tag', actor.scope, id))) throw notFoundAt('params.id', 'Tag');
    const users = await rulesetsWithTag(tx, id);
    if (users.length > 0) {
      const names = users.map((r) => `${r.name} (${r.id})`).join(', ');
      throw new HttpError(409, 'in_use', `The tag is used by tag ruleset(s) ${names}; change those first`, [
        ...users.map((r) => ({ path: 'params.id', message: `Used by tag ruleset ${r.name} (${r.id})` })),
      ]);
    }
    await deleteRow(tx, 'tag', id);
    await recordAudit(tx, { ...actor.audit, type: 'tag_deleted', responseCode: 204, entity: 'tag', entityId: id });
  });
};
