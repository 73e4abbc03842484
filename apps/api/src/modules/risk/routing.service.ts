import {
  processorsOf,
  type PaymentProduct,
  type RoutingNode,
  type TRoutingCreate,
  type TRoutingUpdate,
} from '@kassa/domain';
import { type ErrorDetail, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { routingEntity } from './risk.entities.ts';
import {
  deleteRow,
  findProcessors,
  findProfilesUsingRouting,
  findVersion,
  insertRow,
  lockOwned,
  type OwnedRow,
  updateRow,
} from './risk.repository.ts';
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

const snapshotOf = (body: Required<TRoutingUpdate>) => ({
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

/**
 * Every payment profile that uses this routing must still be able to: the product it is chosen
 * for is the routing's, and each processor of the tree is one of the profile's (risk-config.md §5).
 * A change that would break one is a 409 naming the profiles, so no payment is misrouted.
 */
const checkProfilesUsing = async (tx: Queryable, row: OwnedRow, routing: Required<TRoutingUpdate>) => {
  const tree = processorsOf(routing.details);
  const broken = (await findProfilesUsingRouting(tx, row)).filter(
    (p) => p.product !== routing.payment_product || tree.some((processor) => !p.processors.includes(processor)),
  );
  if (broken.length === 0) return;
  const names = broken.map((p) => p.label).join(', ');
  throw new HttpError(409, 'in_use', `This change would break the payment profiles using this routing: ${names}`, [
    ...broken.map((p) => ({
      path: p.product !== routing.payment_product ? 'body.payment_product' : 'body.details',
      message:
        p.product !== routing.payment_product
          ? `Payment profile ${p.label} uses this routing for ${p.product}`
          : `Payment profile ${p.label} does not have every processor of this tree`,
    })),
  ]);
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
  // An update changes only the fields it sends; the rules are checked on the routing as it will be.
  const next = {
    name: body.name ?? String(row.name),
    payment_product: body.payment_product ?? (row.payment_product as PaymentProduct),
    details: body.details === undefined ? (row.details as RoutingNode) : body.details,
  };
  await checkEndpoints(tx, next.details, next.payment_product);
  await checkProfilesUsing(tx, row, next);
  const version = await recordVersion(tx, actor, 'routing', row, change, snapshotOf(next));
  await updateRow(tx, 'routing', id, {
    name: next.name,
    payment_product: next.payment_product,
    details: JSON.stringify(next.details),
    processors: processorsOf(next.details),
    version,
  });
  await recordAudit(tx, {
    ...actor.audit,
    type: `routing_${change}`,
    responseCode: 200,
    entity: 'routing',
    entityId: id,
    detail: { name: next.name, version, fields: Object.keys(body) },
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
    // A payment profile using it would silently fall back to its first processor: refuse, naming them.
    const users = await findProfilesUsingRouting(tx, row);
    if (users.length > 0) {
      const names = users.map((p) => p.label).join(', ');
      throw new HttpError(
        409,
        'in_use',
        `The routing is used by payment profile(s) ${names}; choose another routing there first`,
        [
          ...users.map((p) => ({
            path: 'params.id',
            message: `Used by payment profile ${p.label} for ${p.product}`,
          })),
        ],
      );
    }
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
