import type { TTagCreate, TTagUpdate } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity } from '../../query/write.ts';
import { tagEntity } from '../settings/tag.entity.ts';
import { rulesetsWithTag } from './risk.repository.ts';

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
    const users = await rulesetsWithTag(tx, id);
    if (users.length > 0) {
      const names = users.map((r) => `${r.name} (${r.id})`).join(', ');
      throw new HttpError(409, 'in_use', `The tag is used by tag ruleset(s) ${names}; change those first`, [
        ...users.map((r) => ({ path: 'params.id', message: `Used by tag ruleset ${r.name} (${r.id})` })),
      ]);
    }
  });
