import {
  processorsOf,
  type PaymentProduct,
  type RoutingNode,
  type TRoutingCreate,
  type TRoutingUpdate,
} from '@kassa/domain';
import { type ErrorDetail, HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity, type UpdateCtx } from '../../query/write.ts';
import { routingEntity } from './risk.entities.ts';
import { findProcessors, findProfilesUsingRouting, type OwnedRow } from './risk.repository.ts';
import { recordVersion, rollbackTo } from './versioning.ts';

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
    .map((e): ErrorDetail => ({
      path: e.path,
      code: 'unroutable',
      params: { processor: e.id },
      message: known.has(e.id) ? `This processor does not handle ${product}` : 'Unknown processor',
    }));
  if (wrong.length > 0) throw new HttpError(400, 'validation_error', wrong[0].message, wrong);
};

const snapshotOf = (body: Required<TRoutingUpdate>) => ({
  name: body.name,
  payment_product: body.payment_product,
  details: body.details,
});

export const routingWrite = defineWrite({
  entity: routingEntity,
  path: 'routing',
  idPrefix: 'rou',
  label: 'Routing',
  audit: { entity: 'routing', type: 'routing' },
});

const columnsOf = (body: Required<TRoutingUpdate>) => ({
  name: body.name,
  payment_product: body.payment_product,
  details: JSON.stringify(body.details),
  processors: processorsOf(body.details),
});

export const createRouting = (db: Db, actor: Actor, body: TRoutingCreate) =>
  createEntity(db, actor, routingWrite, body, async ({ tx, id, owner }) => {
    await checkEndpoints(tx, body.details, body.payment_product);
    // Merchant-owned (resolveOwner): the merchant id is always there.
    const row = { id, organisation_id: owner.organisationId, merchant_id: String(owner.merchantId) };
    await recordVersion(tx, actor, 'routing', row, 'created', snapshotOf(body));
    return { values: columnsOf(body), detail: { name: body.name } };
  });

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

/**
 * The rules of a save and of a rollback alike: valid endpoints, every profile using the routing
 * still served, and a new version. An update changes only the fields it sends; the rules are
 * checked on the routing as it will be.
 */
const applyRouting =
  (actor: Actor, change: 'updated' | 'rolled_back') =>
  async ({ tx, body, row }: UpdateCtx<TRoutingUpdate>) => {
    const next = {
      name: body.name ?? String(row.name),
      payment_product: body.payment_product ?? (row.payment_product as PaymentProduct),
      details: body.details === undefined ? (row.details as RoutingNode) : body.details,
    };
    await checkEndpoints(tx, next.details, next.payment_product);
    await checkProfilesUsing(tx, row as OwnedRow, next);
    const version = await recordVersion(tx, actor, 'routing', row as OwnedRow, change, snapshotOf(next));
    return {
      values: { ...columnsOf(next), version },
      detail: { name: next.name, version, fields: Object.keys(body) },
    };
  };

export const updateRouting = (db: Db, actor: Actor, id: string, body: TRoutingUpdate) =>
  updateEntity(db, actor, routingWrite, id, body, applyRouting(actor, 'updated'));

/** Restores the routing as it was in an earlier version; the restore is itself a new version. */
export const rollbackRouting = (db: Db, actor: Actor, id: string, version: number) =>
  rollbackTo(db, actor, routingWrite, id, version, applyRouting(actor, 'rolled_back'));

export const deleteRouting = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, routingWrite, id, async ({ tx, row }) => {
    // A payment profile using it would silently fall back to its first processor: refuse, naming them.
    const users = await findProfilesUsingRouting(tx, row as OwnedRow);
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
    await recordVersion(tx, actor, 'routing', row as OwnedRow, 'deleted', {
      name: row.name,
      payment_product: row.payment_product,
      details: row.details,
    });
    return { detail: { name: row.name } };
  });
