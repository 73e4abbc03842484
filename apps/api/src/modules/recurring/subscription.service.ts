import { randomBytes } from 'node:crypto';
import type { TSubscriptionCreate, TSubscriptionUpdate } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { badRequest, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type Db, isUniqueViolation, type Queryable } from '../../plugins/db/index.ts';
import { getEntity, getOwnedRow } from '../../query/repository.ts';
import { customerEntity } from '../payments/customer.entity.ts';
import type { Actor } from '../../plugins/actor.ts';
import { lockDiscount, type DiscountRow } from './discount.repository.ts';
import { notifySubscriptionUpdate } from './notify.ts';
import { findPaymentProfile, lockPlan } from './plan.repository.ts';
import { subscriptionEntity } from './recurring.entities.ts';
import {
  countCycleCharges,
  deactivateAttachment,
  deleteSubscriptionRow,
  findActiveAttachment,
  insertAttachment,
  insertSubscription,
  lockSubscription,
  updateSubscriptionColumns,
  type SubscriptionRow,
} from './subscription.repository.ts';

const ENDED = new Set(['CANCELLED', 'COMPLETED']);
const NOT_BILLING = new Set(['CANCELLED', 'COMPLETED', 'EXPIRED']);
const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

/**
 * payments.md §5 "Subscription": one active discount at a time; its minimum_amount must not be
 * above the amount charged; a first-order-only discount only before the first cycle is billed.
 */
const attachDiscount = async (
  tx: Queryable,
  actor: Actor,
  subscription: SubscriptionRow,
  discountId: string,
  path: string,
) => {
  const discount: DiscountRow | undefined = await lockDiscount(tx, actor.scope, discountId);
  if (!discount || discount.merchant_id !== subscription.merchant_id) throw notFoundAt(path, 'Subscription discount');
  if (NOT_BILLING.has(subscription.status)) {
    throw new HttpError(409, 'conflict', `A discount cannot be applied to a ${subscription.status} subscription`, [
      { path, message: 'Subscription not running' },
    ]);
  }
  if (await findActiveAttachment(tx, subscription.id)) {
    throw new HttpError(
      409,
      'conflict',
      'This subscription already has an active discount; remove it before applying another',
      [{ path, message: 'Another discount is active' }],
    );
  }
  if (discount.minimum_amount !== null && discount.minimum_amount > subscription.amount) {
    const message = `The discount needs a minimum amount of ${money(discount.minimum_amount, subscription.currency_code)}, above the plan amount of ${money(subscription.amount, subscription.currency_code)}`;
    throw badRequest(path, message);
  }
  if (discount.limit_to_first_order && subscription.billing_cycle > 1) {
    throw badRequest(path, 'A first-order-only discount cannot be applied once the first cycle has been billed');
  }
  const id = newId('sda');
  try {
    await insertAttachment(tx, { id, subscriptionId: subscription.id, discountId: discount.id });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'conflict', 'This subscription already has an active discount', [
        { path, message: 'Another discount is active' },
      ]);
    throw error;
  }
  return discount;
};

export const createSubscription = async (db: Db, config: Config, actor: Actor, body: TSubscriptionCreate) => {
  const id = await db.transaction(async (tx) => {
    const customer = await getOwnedRow(tx, customerEntity, actor.scope, body.customer, 'body.customer');
    const plan = await lockPlan(tx, actor.scope, body.plan);
    if (!plan) throw notFoundAt('body.plan', 'Plan');
    if ((customer.merchant_id ?? customer.organisation_id) !== plan.merchant_id)
      throw badRequest('body.customer', 'The customer belongs to another merchant than the plan');
    const profile = await findPaymentProfile(tx, { kind: 'all' }, plan.payment_profile_id);
    const start = body.start_date ? new Date(body.start_date) : new Date();
    const token = randomBytes(24).toString('base64url');
    const id = newId('sub');
    const row = {
      id,
      organisation_id: plan.organisation_id,
      merchant_id: plan.merchant_id,
      customer_id: customer.id,
      plan_id: plan.id,
      payment_profile_id: plan.payment_profile_id,
      amount: plan.amount,
      currency_code: profile?.currency_code ?? 'EUR',
      payment_product: body.payment_product,
      token,
      subscription_url: `${config.publicUrl}/subscribe/${token}`,
      start_date: start,
      billing_cycle: 1,
      due_date: start,
      next_attempt_at: start,
      max_billing_cycle: body.max_billing_cycle ?? plan.max_billing_cycle,
      status: 'CREATED',
      mode: actor.mode ?? 'live',
    };
    await insertSubscription(tx, row);
    if (body.subscription_discount) {
      const created = (await lockSubscription(tx, actor.scope, id)) as SubscriptionRow;
      await attachDiscount(tx, actor, created, body.subscription_discount, 'body.subscription_discount');
    }
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_created',
      responseCode: 201,
      entity: 'subscription',
      entityId: id,
      detail: {
        plan: plan.id,
        customer: customer.id,
        amount: plan.amount,
        subscription_discount: body.subscription_discount,
      },
    });
    return id;
  });
  return getEntity(db, subscriptionEntity, actor.scope, id);
};

/** Only max_billing_cycle changes (payments.md §5); reaching it completes the subscription at once. */
export const updateSubscription = async (db: Db, actor: Actor, id: string, body: TSubscriptionUpdate) => {
  if (body.id !== undefined && body.id !== id)
    throw badRequest('body.id', 'The id in the body differs from the id in the path');
  await db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, actor.scope, id);
    if (!subscription) throw notFoundAt('params.id', 'Subscription');
    if (ENDED.has(subscription.status)) {
      throw new HttpError(409, 'conflict', `A ${subscription.status} subscription cannot be changed`, [
        { path: 'body.max_billing_cycle', message: 'Subscription ended' },
      ]);
    }
    const max = body.max_billing_cycle;
    const paid = subscription.last_paid_cycle ?? 0;
    if (max !== null && max < paid)
      throw badRequest('body.max_billing_cycle', `At least the ${paid} cycle(s) already paid`);
    const completes = max !== null && max === paid && paid > 0;
    const changes: Record<string, unknown> = { max_billing_cycle: max };
    if (completes)
      Object.assign(changes, {
        status: 'COMPLETED',
        status_reason: 'Maximum billing cycle reached',
        next_attempt_at: null,
        due_date: null,
      });
    await updateSubscriptionColumns(tx, subscription.id, changes);
    if (completes) await notifySubscriptionUpdate(tx, { ...subscription, ...changes } as SubscriptionRow);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_updated',
      responseCode: 200,
      entity: 'subscription',
      entityId: subscription.id,
      detail: { max_billing_cycle: { from: subscription.max_billing_cycle, to: max } },
    });
  });
  return getEntity(db, subscriptionEntity, actor.scope, id);
};

export type DeleteOutcome = { id: string; result: 'deleted' | 'cancelled' };

/**
 * A subscription never billed (CREATED, no charge attempt) is deleted outright; any other running
 * one is cancelled, keeping its history. An ended one is a 409.
 */
export const deleteSubscription = async (db: Db, actor: Actor, id: string): Promise<DeleteOutcome> =>
  db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, actor.scope, id);
    if (!subscription) throw notFoundAt('params.id', 'Subscription');
    if (ENDED.has(subscription.status)) {
      throw new HttpError(409, 'conflict', `The subscription is already ${subscription.status}`, [
        { path: 'params.id', message: 'Subscription ended' },
      ]);
    }
    const audit = { ...actor.audit, responseCode: 200, entity: 'subscription', entityId: subscription.id };
    if (subscription.status === 'CREATED' && (await countCycleCharges(tx, subscription.id)) === 0) {
      await deleteSubscriptionRow(tx, subscription.id);
      await recordAudit(tx, { ...audit, type: 'subscription_deleted' });
      return { id, result: 'deleted' };
    }
    const changes = {
      status: 'CANCELLED',
      status_reason: 'Cancelled by the merchant',
      cancelled_at: new Date(),
      next_attempt_at: null,
      due_date: null,
    };
    await updateSubscriptionColumns(tx, subscription.id, changes);
    await notifySubscriptionUpdate(tx, { ...subscription, ...changes });
    await recordAudit(tx, { ...audit, type: 'subscription_cancelled', detail: { from: subscription.status } });
    return { id, result: 'cancelled' };
  });

export const addDiscount = async (db: Db, actor: Actor, subscriptionId: string, discountId: string) => {
  await db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, actor.scope, subscriptionId);
    if (!subscription) throw notFoundAt('params.subscriptionId', 'Subscription');
    const discount = await attachDiscount(tx, actor, subscription, discountId, 'params.discountId');
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_discount_applied',
      responseCode: 200,
      entity: 'subscription',
      entityId: subscription.id,
      detail: { subscription_discount: discount.id, name: discount.name },
    });
  });
  return getEntity(db, subscriptionEntity, actor.scope, subscriptionId);
};

/** `discountId` may be the attachment's id or its discount's id, as the Discounts tab has both. */
export const removeDiscount = async (db: Db, actor: Actor, subscriptionId: string, discountId: string) => {
  await db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, actor.scope, subscriptionId);
    if (!subscription) throw notFoundAt('params.subscriptionId', 'Subscription');
    if (!(await deactivateAttachment(tx, subscription.id, discountId)))
      throw notFoundAt('params.discountId', 'Active discount');
    await recordAudit(tx, {
      ...actor.audit,
      type: 'subscription_discount_removed',
      responseCode: 200,
      entity: 'subscription',
      entityId: subscription.id,
      detail: { discount: discountId },
    });
  });
  return getEntity(db, subscriptionEntity, actor.scope, subscriptionId);
};
