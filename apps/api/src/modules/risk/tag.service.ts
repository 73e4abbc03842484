import type { TTagCreate, TTagUpdate } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity } from '../../query/write.ts';
import { tagEntity } from '../settings/tag.entity.ts';
import { countRulesetsWithTag } from './risk.repository.ts';

export const tagWrite = defineWrite({
  entity: tagEntity,
  path: 'tag',
  idPrefix: 'tag',
  label: 'Tag',
  audit: { entity: 'tag', type: 'tag' },
});

export const createTag = (db: Db, actor: Actor, body: TTagCreate) =>
  createEntity(db, actor, tagWrite, body, async () => ({
    values: { text: body.text, colour: body.colour },
    detail: { text: body.text },
  }));

export const updateTag = (db: Db, actor: Actor, id: string, body: TTagUpdate) =>
  updateEntity(db, actor, tagWrite, id, body, async () => ({
    values: { text: body.text, colour: body.colour },
    detail: { text: body.text },
  }));

/** A tag a tag ruleset still assigns cannot go: the ruleset would tag with nothing. */
export const deleteTag = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, tagWrite, id, async ({ tx }) => {
    const used = await countRulesetsWithTag(tx, id);
    if (used > 0) {
      throw new HttpError(409, 'conflict', `The tag is used by ${used} tag ruleset(s); change those first`, [
        { path: 'params.id', message: 'Tag in use by tag rulesets' },
      ]);
    }
  });
