import { discountAmountIssue, type TSubscriptionDiscountCreate, type TSubscriptionDiscountUpdate } from '@kassa/domain';
import { badRequest, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import type { Actor } from '../../plugins/actor.ts';
import {
  countLiveAttachments,
  insertDiscount,
  lockDiscount,
  softDeleteDiscount,
  updateDiscountColumns,
} from './discount.repository.ts';
import { subscriptionDiscountEntity } from './recurring.entities.ts';
import { resolveOwner } from '../settings/owner.ts';

/** Fields that change what running subscriptions are charged; only the name may change while in use. */
const TERMS = ['type', 'amount', 'duration', 'minimum_amount', 'limit_to_first_order'] as const;

export const createDiscount = async (db: Db, actor: Actor, body: TSubscriptionDiscountCreate) => {
  const id = await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation);
    const id = newId('sd');
    await insertDiscount(tx, {
      id,
      organisation_id: owner.organisationId,
      merchant_id: owner.merchantId,
      name: body.name,
      type: body.type,
      amount: body.amount,
      duration: body.duration,
      minimum_amount: body.minimum_amount,
      limit_to_first_order: body.limit_to_first_order,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_discount_created',
      responseCode: 201,
      entity: 'subscription_discount',
      entityId: id,
      detail: { name: body.name, type: body.type, amount: body.amount },
    });
    return id;
  });
  return getEntity(db, subscriptionDiscountEntity, actor.scope, id);
};

export const updateDiscount = async (db: Db, actor: Actor, id: string, body: TSubscriptionDiscountUpdate) => {
  await db.transaction(async (tx) => {
    const discount = await lockDiscount(tx, actor.scope, id);
    if (!discount) throw notFoundAt('params.id', 'Subscription discount');
    const issue = discountAmountIssue({ type: body.type ?? discount.type, amount: body.amount ?? discount.amount });
    if (issue) throw badRequest('body.amount', issue);
    const changed = TERMS.filter((key) => body[key] !== undefined && body[key] !== discount[key]);
    if (changed.length > 0) {
      const live = await countLiveAttachments(tx, discount.id);
      if (live > 0) {
        const message = `The discount is active on ${live} running subscription(s); only its name can change`;
        throw new HttpError(
          409,
          'conflict',
          message,
          changed.map((key) => ({ path: `body.${key}`, message })),
        );
      }
    }
    const columns = Object.fromEntries(
      Object.entries(body).filter(
        ([key, value]) => value !== undefined && (key === 'name' || TERMS.includes(key as never)),
      ),
    );
    if (Object.keys(columns).length > 0) await updateDiscountColumns(tx, discount.id, columns);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_discount_updated',
      responseCode: 200,
      entity: 'subscription_discount',
      entityId: discount.id,
      detail: { fields: Object.keys(columns) },
    });
  });
  return getEntity(db, subscriptionDiscountEntity, actor.scope, id);
};

/** Soft delete, so attached-discount history keeps its name; refused while a running subscription uses it. */
export const deleteDiscount = async (db: Db, actor: Actor, id: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const discount = await lockDiscount(tx, actor.scope, id);
    if (!discount) throw notFoundAt('params.id', 'Subscription discount');
    const live = await countLiveAttachments(tx, discount.id);
    if (live > 0) {
      throw new HttpError(
        409,
        'conflict',
        `The discount is active on ${live} running subscription(s); remove it from them first`,
        [{ path: 'params.id', message: 'Discount in use' }],
      );
    }
    await softDeleteDiscount(tx, discount.id);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_discount_deleted',
      responseCode: 204,
      entity: 'subscription_discount',
      entityId: discount.id,
    });
  });
};
