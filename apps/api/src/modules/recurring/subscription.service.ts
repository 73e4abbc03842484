import { randomBytes } from 'node:crypto';
import type { TSubscriptionCreate, TSubscriptionUpdate } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { badRequest, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { type Db, isUniqueViolation, type Queryable } from '../../plugins/db/index.ts';
import { ownerScope } from '../../query/owner.ts';
import {
  checkReferences,
  defineWrite,
  deleteEntity,
  lockInScope,
  updateEntity,
  writeOwnRow,
} from '../../query/write.ts';
import { customerEntity } from '../payments/customer.entity.ts';
import type { Actor } from '../../plugins/actor.ts';
import { lockDiscount, type DiscountRow } from './discount.repository.ts';
import { notifySubscriptionUpdate } from './notify.ts';
import { findPaymentProfile, lockPlan } from './plan.repository.ts';
import { subscriptionEntity } from './recurring.entities.ts';
import {
  countCycleCharges,
  deactivateAttachment,
  findActiveAttachment,
  insertAttachment,
  insertSubscription,
  lockSubscription,
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

const subscriptionWrite = defineWrite({
  entity: subscriptionEntity,
  path: 'subscription',
  idPrefix: 'sub',
  label: 'Subscription',
  audit: { entity: 'subscription', type: 'subscription' },
  // The subscription is its plan's: its customer must be one the plan's organisation has.
  references: { customer: { entity: () => customerEntity, column: 'customer_id' } },
});

export const createSubscription = (db: Db, config: Config, actor: Actor, body: TSubscriptionCreate) => {
  const id = newId(subscriptionWrite.idPrefix);
  return writeOwnRow(db, actor, subscriptionWrite, id, 'created', async (tx) => {
    const plan = await lockPlan(tx, actor.scope, body.plan);
    if (!plan) throw notFoundAt('body.plan', 'Plan');
    await checkReferences(tx, subscriptionWrite, await ownerScope(tx, plan.organisation_id), body);
    const profile = await findPaymentProfile(tx, { kind: 'all' }, plan.payment_profile_id);
    const start = body.start_date ? new Date(body.start_date) : new Date();
    const token = randomBytes(24).toString('base64url');
    const row = {
      id,
      organisation_id: plan.organisation_id,
      merchant_id: plan.merchant_id,
      customer_id: body.customer,
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
    return {
      detail: {
        plan: plan.id,
        customer: body.customer,
        amount: plan.amount,
        subscription_discount: body.subscription_discount,
      },
    };
  });
};

/** Only max_billing_cycle changes (payments.md §5); reaching it completes the subscription at once. */
export const updateSubscription = (db: Db, actor: Actor, id: string, body: TSubscriptionUpdate) => {
  if (body.id !== undefined && body.id !== id)
    throw badRequest('body.id', 'The id in the body differs from the id in the path');
  return updateEntity(db, actor, subscriptionWrite, id, body, async ({ tx, row }) => {
    const subscription = row as SubscriptionRow;
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
    if (completes) await notifySubscriptionUpdate(tx, { ...subscription, ...changes } as SubscriptionRow);
    return { values: changes, detail: { max_billing_cycle: { from: subscription.max_billing_cycle, to: max } } };
  });
};

export type DeleteOutcome = { id: string; result: 'deleted' | 'cancelled' };

/**
 * A subscription never billed (CREATED, no charge attempt) is deleted outright; any other running
 * one is cancelled, keeping its history. An ended one is a 409.
 */
export const deleteSubscription = async (db: Db, actor: Actor, id: string): Promise<DeleteOutcome> => {
  let result: DeleteOutcome['result'] = 'deleted';
  await deleteEntity(db, actor, subscriptionWrite, id, async ({ tx, row }) => {
    const subscription = row as SubscriptionRow;
    if (ENDED.has(subscription.status)) {
      throw new HttpError(409, 'conflict', `The subscription is already ${subscription.status}`, [
        { path: 'params.id', message: 'Subscription ended' },
      ]);
    }
    if (subscription.status === 'CREATED' && (await countCycleCharges(tx, subscription.id)) === 0)
      return { audit: { responseCode: 200 } };
    const changes = {
      status: 'CANCELLED',
      status_reason: 'Cancelled by the merchant',
      cancelled_at: new Date(),
      next_attempt_at: null,
      due_date: null,
    };
    await notifySubscriptionUpdate(tx, { ...subscription, ...changes });
    result = 'cancelled';
    return { instead: 'cancelled', values: changes, detail: { from: subscription.status } };
  });
  return { id, result };
};

/** A change of the subscription's discounts, under the subscription's lock (404 at `params.subscriptionId`). */
const changeDiscounts = (
  db: Db,
  actor: Actor,
  subscriptionId: string,
  change: 'discount_applied' | 'discount_removed',
  rules: (tx: Queryable, subscription: SubscriptionRow) => Promise<Record<string, unknown>>,
) =>
  writeOwnRow(db, actor, subscriptionWrite, subscriptionId, change, async (tx) => {
    const row = await lockInScope(tx, actor, subscriptionWrite, subscriptionId, 'params.subscriptionId');
    return { detail: await rules(tx, row as SubscriptionRow) };
  });

export const addDiscount = (db: Db, actor: Actor, subscriptionId: string, discountId: string) =>
  changeDiscounts(db, actor, subscriptionId, 'discount_applied', async (tx, subscription) => {
    const discount = await attachDiscount(tx, actor, subscription, discountId, 'params.discountId');
    return { subscription_discount: discount.id, name: discount.name };
  });

/** `discountId` may be the attachment's id or its discount's id, as the Discounts tab has both. */
export const removeDiscount = (db: Db, actor: Actor, subscriptionId: string, discountId: string) =>
  changeDiscounts(db, actor, subscriptionId, 'discount_removed', async (tx, subscription) => {
    if (!(await deactivateAttachment(tx, subscription.id, discountId)))
      throw notFoundAt('params.discountId', 'Active discount');
    return { discount: discountId };
  });
