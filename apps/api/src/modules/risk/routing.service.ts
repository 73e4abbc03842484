import { processorsOf, type RoutingNode, type TRoutingCreate, type TRoutingUpdate } from '@kassa/domain';
import { type ErrorDetail, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { routingEntity } from './risk.entities.ts';
import { deleteRow, findProcessors, findVersion, insertRow, lockOwned, updateRow } from './risk.repository.ts';
import { recordVersion } from './versioning.ts';
import { resolveOwner } from '../settings/owner.ts';

/** Paths of the endpoints of a tree, so a wrong processor is named where it sits. */
const endpointPaths = (node: RoutingNode, path: string, out: { id: string; path: string }[] = []) => {
  if (typeof node === 'string') out.push({ id: node, path });
  else if (node) {
    endpointPaths(node.then, `${path}.then`, out);
    endpointPaths(node.else, `${path}.else`, out);
  }
  return out;
};

/** Every endpoint must be a known processor of the routing's payment product (§2.4: processors load per product). */
const checkEndpoints = async (tx: Queryable, details: RoutingNode, product: string) => {
  const endpoints = endpointPaths(details, 'body.details');
  const known = new Map(
    (await findProcessors(tx, [...new Set(endpoints.map((e) => e.id))])).map((p) => [p.id, p.payment_product]),
  );
  const wrong: ErrorDetail[] = endpoints
    .filter((e) => known.get(e.id) !== product)
    .map((e) => ({
      path: e.path,
      message: known.has(e.id) ? `This processor does not handle ${product}` : 'Unknown processor',
    }));
  if (wrong.length > 0) throw new HttpError(400, 'validation_error', wrong[0].message, wrong);
};

const snapshotOf = (body: TRoutingUpdate) => ({
  name: body.name,
  payment_product: body.payment_product,
  details: body.details,
});

export const createRouting = async (db: Db, actor: Actor, body: TRoutingCreate) => {
  const id = await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation ?? null);
    await checkEndpoints(tx, body.details, body.payment_product);
    const id = newId('rou');
    const row = { id, organisation_id: owner.organisationId, merchant_id: owner.merchantId };
    await insertRow(tx, 'routing', {
      ...row,
      name: body.name,
      payment_product: body.payment_product,
      details: JSON.stringify(body.details),
      processors: processorsOf(body.details),
    });
    await recordVersion(tx, actor, 'routing', row, 'created', snapshotOf(body));
    await recordAudit(tx, {
      ...actor.audit,
      type: 'routing_created',
      responseCode: 201,
      entity: 'routing',
      entityId: id,
      detail: { name: body.name },
    });
    return id;
  });
  return getEntity(db, routingEntity, actor.scope, id);
};

const applyRouting = async (
  tx: Queryable,
  actor: Actor,
  id: string,
  body: TRoutingUpdate,
  change: 'updated' | 'rolled_back',
) => {
  const row = await lockOwned(tx, 'routing', actor.scope, id);
  if (!row) throw notFoundAt('params.id', 'Routing');
  await checkEndpoints(tx, body.details, body.payment_product);
  const version = await recordVersion(tx, actor, 'routing', row, change, snapshotOf(body));
  await updateRow(tx, 'routing', id, {
    name: body.name,
    payment_product: body.payment_product,
    details: JSON.stringify(body.details),
    processors: processorsOf(body.details),
    version,
  });
  await recordAudit(tx, {
    ...actor.audit,
    type: `routing_${change}`,
    responseCode: 200,
    entity: 'routing',
    entityId: id,
    detail: { name: body.name, version },
  });
};

export const updateRouting = async (db: Db, actor: Actor, id: string, body: TRoutingUpdate) => {
  await db.transaction((tx) => applyRouting(tx, actor, id, body, 'updated'));
  return getEntity(db, routingEntity, actor.scope, id);
};

/** Restores the routing as it was in an earlier version; the restore is itself a new version. */
export const rollbackRouting = async (db: Db, actor: Actor, id: string, version: number) => {
  await db.transaction(async (tx) => {
    if (!(await lockOwned(tx, 'routing', actor.scope, id))) throw notFoundAt('params.id', 'Routing');
    const target = await findVersion(tx, id, version);
    if (!target) throw notFoundAt('params.version', 'Version');
    await applyRouting(tx, actor, id, target.snapshot as TRoutingUpdate, 'rolled_back');
  });
  return getEntity(db, routingEntity, actor.scope, id);
};

export const deleteRouting = async (db: Db, actor: Actor, id: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const row = await lockOwned(tx, 'routing', actor.scope, id);
    if (!row) throw notFoundAt('params.id', 'Routing');
    await recordVersion(tx, actor, 'routing', row, 'deleted', {
      name: row.name,
      payment_product: row.payment_product,
      details: row.details,
    });
    await deleteRow(tx, 'routing', id);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'routing_deleted',
      responseCode: 204,
      entity: 'routing',
      entityId: id,
      detail: { name: row.name },
    });
  });
};
