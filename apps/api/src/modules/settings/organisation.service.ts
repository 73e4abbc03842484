import type { TOrganisationCreate, TOrganisationUpdate } from '@kassa/domain';
import { badRequest } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { updateRow } from '../../query/write.repository.ts';
import { defineWrite, lockInScope, noteOf, updateEntity, writeEntity } from '../../query/write.ts';
import {
  ADDRESS_COLUMNS,
  insertOrganisation,
  moveOrganisationSubtree,
  type OrgRow,
} from './organisation.repository.ts';
import { organisationEntity } from './settings.entities.ts';

/** Organisations own themselves: the tree is their tenancy (risk-config.md §2.8, §5). */
export const organisationWrite = defineWrite({
  entity: organisationEntity,
  path: 'organisation',
  idPrefix: 'org',
  label: 'Organisation',
  audit: { entity: 'organisation', type: 'organisation' },
  ownerColumn: 'id',
});

/** The parent a body names, inside the caller's subtree and locked; else the 404 of an unknown id. */
const lockParent = async (tx: Queryable, actor: Actor, id: string) =>
  (await lockInScope(tx, actor, organisationWrite, id, 'body.parent')) as OrgRow;

/** The name and address columns the body sends. */
const addressOf = (body: TOrganisationUpdate) =>
  Object.fromEntries(ADDRESS_COLUMNS.filter((column) => body[column] !== undefined).map((c) => [c, body[c]]));

/** A new organisation below a parent of the caller's subtree: its type, path and merchant follow from the parent. */
export const createOrganisation = async (db: Db, actor: Actor, body: TOrganisationCreate) =>
  (
    await writeEntity(db, actor, organisationWrite, async (tx) => {
      const parent = await lockParent(tx, actor, body.parent);
      const { id } = await insertOrganisation(tx, {
        parentId: parent.id,
        name: body.name,
        countryCode: body.country_code,
      });
      const details = addressOf(body);
      if (Object.keys(details).length) await updateRow(tx, 'organisation', id, details);
      return { id, notes: [noteOf(organisationWrite, 'created', { name: body.name, parent: parent.id })] };
    })
  ).row();

/**
 * Moves an organisation with its subtree under a new parent. Only a sub-organisation moves, and only
 * inside its own merchant: every payment, customer and profile row names its merchant, so a move
 * across merchants would hand data to another tenant. A parent inside the moved subtree would make
 * a cycle and is refused. Tenancy follows at once, because scopes are worked out from the paths.
 */
const move = async (tx: Queryable, actor: Actor, org: OrgRow, parentId: string) => {
  if (parentId === org.parent_id) return;
  if (org.type !== 'sub')
    throw badRequest(
      'body.parent',
      'Only a sub-organisation can be moved; a merchant stays directly below the provider',
    );
  if (org.id === actor.organisation.id) throw badRequest('body.parent', 'You cannot move your own organisation');
  const parent = await lockParent(tx, actor, parentId);
  if (parent.path.startsWith(org.path))
    throw badRequest(
      'body.parent',
      'An organisation cannot be placed below itself or one of its own sub-organisations',
    );
  const parentMerchant = parent.type === 'merchant' ? parent.id : parent.merchant_id;
  if (parentMerchant !== org.merchant_id)
    throw badRequest('body.parent', 'A sub-organisation can only move within its own merchant');
  await moveOrganisationSubtree(tx, org, parent.id, `${parent.path}${org.id}/`);
};

/** Name and address fields as sent; a new `parent` moves the subtree in the same transaction. */
export const updateOrganisation = (db: Db, actor: Actor, id: string, body: TOrganisationUpdate) =>
  updateEntity(db, actor, organisationWrite, id, body, async ({ tx, row }) => {
    if (body.parent !== undefined) await move(tx, actor, row as OrgRow, body.parent);
    return {
      values: addressOf(body),
      detail: { fields: Object.keys(body) },
    };
  });
