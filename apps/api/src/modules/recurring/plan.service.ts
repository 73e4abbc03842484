import { planNotificationIssue, type TPlanCreate, type TPlanUpdate } from '@kassa/domain';
import { badRequest, type ErrorDetail, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity, getOwnedRow } from '../../query/repository.ts';
import { paymentProfileEntity } from '../settings/settings.entities.ts';
import type { Actor } from '../../plugins/actor.ts';
import {
  checkoutDesignExists,
  countLiveSubscriptionsOfPlan,
  insertPlan,
  lockPlan,
  softDeletePlan,
  updatePlanColumns,
} from './plan.repository.ts';
import { planEntity } from './recurring.entities.ts';
import { resolveOwner } from '../settings/owner.ts';

/** Body field → column; the only columns a request can reach. */
const PLAN_COLUMNS = {
  name: 'name',
  description: 'description',
  dynamic_descriptor: 'dynamic_descriptor',
  payment_profile: 'payment_profile_id',
  amount: 'amount',
  checkout: 'checkout_id',
  interval: 'interval',
  interval_count: 'interval_count',
  max_billing_cycle: 'max_billing_cycle',
  statuses_subscription_update: 'statuses_subscription_update',
  webhook_subscription_update: 'webhook_subscription_update',
  email_subscription_update: 'email_subscription_update',
  redirect_url: 'redirect_url',
} as const satisfies Record<keyof TPlanUpdate, string>;

/** What a live subscription was sold on: these cannot change under it. */
const BILLING_TERMS = ['amount', 'interval', 'interval_count', 'payment_profile'] as const;

const checkProfileAndCheckout = async (tx: Queryable, actor: Actor, merchantId: string, body: TPlanUpdate) => {
  if (body.payment_profile !== undefined) {
    const profile = await getOwnedRow(
      tx,
      paymentProfileEntity,
      actor.scope,
      body.payment_profile,
      'body.payment_profile',
    );
    if ((profile.merchant_id ?? profile.organisation_id) !== merchantId)
      throw badRequest('body.payment_profile', 'The payment profile belongs to another merchant');
  }
  if (body.checkout && !(await checkoutDesignExists(tx, merchantId, body.checkout))) {
    throw badRequest('body.checkout', 'Unknown checkout design');
  }
};

const toColumns = (body: TPlanUpdate): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key, value]) => value !== undefined && key in PLAN_COLUMNS)
      .map(([key, value]) => [PLAN_COLUMNS[key as keyof typeof PLAN_COLUMNS], value]),
  );

export const createPlan = async (db: Db, actor: Actor, body: TPlanCreate) => {
  const id = await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation);
    await checkProfileAndCheckout(tx, actor, owner.merchantId, body);
    const { organisation: _organisation, ...fields } = body;
    const id = newId('plan');
    await insertPlan(tx, {
      id,
      organisation_id: owner.organisationId,
      merchant_id: owner.merchantId,
      ...toColumns(fields),
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'plan_created',
      responseCode: 201,
      entity: 'plan',
      entityId: id,
      detail: { name: body.name, amount: body.amount },
    });
    return id;
  });
  return getEntity(db, planEntity, actor.scope, id);
};

export const updatePlan = async (db: Db, actor: Actor, id: string, body: TPlanUpdate) => {
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, actor.scope, id);
    if (!plan) throw notFoundAt('params.id', 'Plan');
    await checkProfileAndCheckout(tx, actor, plan.merchant_id, body);
    const current: Record<(typeof BILLING_TERMS)[number], unknown> = {
      amount: plan.amount,
      interval: plan.interval,
      interval_count: plan.interval_count,
      payment_profile: plan.payment_profile_id,
    };
    const changedTerms = BILLING_TERMS.filter((key) => body[key] !== undefined && body[key] !== current[key]);
    if (changedTerms.length > 0) {
      const live = await countLiveSubscriptionsOfPlan(tx, plan.id);
      if (live > 0) {
        const message = `The plan has ${live} running subscription(s); its amount, interval and payment profile cannot change under them`;
        const details: ErrorDetail[] = changedTerms.map((key) => ({ path: `body.${key}`, message }));
        throw new HttpError(409, 'conflict', message, details);
      }
    }
    const issue = planNotificationIssue({
      statuses_subscription_update: body.statuses_subscription_update ?? plan.statuses_subscription_update,
      webhook_subscription_update:
        body.webhook_subscription_update === undefined
          ? plan.webhook_subscription_update
          : body.webhook_subscription_update,
      email_subscription_update:
        body.email_subscription_update === undefined ? plan.email_subscription_update : body.email_subscription_update,
    });
    if (issue) {
      throw new HttpError(400, 'validation_error', issue, [
        { path: 'body.webhook_subscription_update', message: issue },
        { path: 'body.email_subscription_update', message: issue },
      ]);
    }
    const columns = toColumns(body);
    if (body.description === null) columns.description = '';
    if (body.dynamic_descriptor === null) columns.dynamic_descriptor = '';
    if (Object.keys(columns).length > 0) await updatePlanColumns(tx, plan.id, columns);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'plan_updated',
      responseCode: 200,
      entity: 'plan',
      entityId: plan.id,
      detail: { fields: Object.keys(body) },
    });
  });
  return getEntity(db, planEntity, actor.scope, id);
};

/** Plans are soft-deleted so ended subscriptions keep their plan; a plan still billing is refused. */
export const deletePlan = async (db: Db, actor: Actor, id: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, actor.scope, id);
    if (!plan) throw notFoundAt('params.id', 'Plan');
    const live = await countLiveSubscriptionsOfPlan(tx, plan.id);
    if (live > 0) {
      throw new HttpError(
        409,
        'conflict',
        `The plan has ${live} running subscription(s); cancel them before deleting the plan`,
        [{ path: 'params.id', message: 'Plan in use by running subscriptions' }],
      );
    }
    await softDeletePlan(tx, plan.id);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'plan_deleted',
      responseCode: 204,
      entity: 'plan',
      entityId: plan.id,
    });
  });
};
