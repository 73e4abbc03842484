import type { TOrganisationCreate, TOrganisationUpdate } from '@kassa/domain';
import { badRequest, notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import {
  insertOrganisation,
  lockOrganisationInSubtree,
  moveOrganisationSubtree,
  updateOrganisationDetails,
  type OrgRow,
} from './organisation.repository.ts';
import { organisationEntity } from './settings.entities.ts';

/** An organisation inside the actor's subtree, row-locked; else null (another tenant's id looks unknown). */
const findInScope = (tx: Queryable, actor: Actor, id: string): Promise<OrgRow | undefined> =>
  lockOrganisationInSubtree(tx, actor.organisation.path, id);

export const createOrganisation = async (db: Db, actor: Actor, body: TOrganisationCreate) => {
  const id = await db.transaction(async (tx) => {
    const parent = await findInScope(tx, actor, body.parent);
    if (!parent) throw notFoundAt('body.parent', 'Organisation');
    const created = await insertOrganisation(tx, {
      parentId: parent.id,
      name: body.name,
      countryCode: body.country_code,
    });
    await setColumns(tx, created.id, body);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'organisation_created',
      responseCode: 201,
      entity: 'organisation',
      entityId: created.id,
      detail: { name: body.name, parent: parent.id },
    });
    return created.id;
  });
  return getEntity(db, organisationEntity, actor.scope, id);
};

const setColumns = updateOrganisationDetails;

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
  const parent = await findInScope(tx, actor, parentId);
  if (!parent) throw notFoundAt('body.parent', 'Organisation');
  if (parent.path.startsWith(org.path))
    throw badRequest(
      'body.parent',
      'An organisation cannot be placed below itself or one of its own sub-organisations',
    );
  const parentMerchant = parent.type === 'merchant' ? parent.id : parent.merchant_id;
  if (parentMerchant !== org.merchant_id)
    throw badRequest('body.parent', 'A sub-organisation can only move within its own merchant');
  const newPath = `${parent.path}${org.id}/`;
  await moveOrganisationSubtree(tx, org, parent.id, newPath);
};

export const updateOrganisation = async (db: Db, actor: Actor, id: string, body: TOrganisationUpdate) => {
  await db.transaction(async (tx) => {
    const org = await findInScope(tx, actor, id);
    if (!org) throw notFoundAt('params.id', 'Organisation');
    if (body.parent !== undefined) await move(tx, actor, org, body.parent);
    await setColumns(tx, id, body);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'organisation_updated',
      responseCode: 200,
      entity: 'organisation',
      entityId: id,
      detail: { fields: Object.keys(body) },
    });
  });
  return getEntity(db, organisationEntity, actor.scope, id);
};
