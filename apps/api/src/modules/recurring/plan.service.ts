import { planNotificationIssue, type TPlanCreate, type TPlanUpdate } from '@kassa/domain';
import { type ErrorDetail, HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity } from '../../query/write.ts';
import { paymentProfileEntity } from '../settings/settings.entities.ts';
import { countLiveSubscriptionsOfPlan, type PlanRow } from './plan.repository.ts';
import { checkoutDesignRefEntity, planEntity } from './recurring.entities.ts';

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

export const planWrite = defineWrite({
  entity: planEntity,
  path: 'plan',
  idPrefix: 'plan',
  label: 'Plan',
  audit: { entity: 'plan', type: 'plan' },
  references: {
    payment_profile: { entity: () => paymentProfileEntity, column: 'payment_profile_id' },
    checkout: { entity: () => checkoutDesignRefEntity, column: 'checkout_id' },
  },
  softDelete: true,
});

const toColumns = (body: TPlanUpdate): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key, value]) => value !== undefined && key in PLAN_COLUMNS)
      .map(([key, value]) => [PLAN_COLUMNS[key as keyof typeof PLAN_COLUMNS], value]),
  );

export const createPlan = (db: Db, actor: Actor, body: TPlanCreate) =>
  createEntity(db, actor, planWrite, body, async () => {
    const { organisation: _organisation, ...fields } = body;
    return { values: toColumns(fields), detail: { name: body.name, amount: body.amount } };
  });

export const updatePlan = (db: Db, actor: Actor, id: string, body: TPlanUpdate) =>
  updateEntity(db, actor, planWrite, id, body, async ({ tx, row }) => {
    const plan = row as PlanRow;
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
        const details: ErrorDetail[] = changedTerms.map((key) => ({
          path: `body.${key}`,
          code: 'lockedBySubscriptions',
          params: { count: live },
          message,
        }));
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
      throw new HttpError(400, 'validation_error', issue.message, [
        { path: 'body.webhook_subscription_update', code: issue.code, message: issue.message },
        { path: 'body.email_subscription_update', code: issue.code, message: issue.message },
      ]);
    }
    const columns = toColumns(body);
    if (body.description === null) columns.description = '';
    if (body.dynamic_descriptor === null) columns.dynamic_descriptor = '';
    return { values: columns, detail: { fields: Object.keys(body) } };
  });

/** Plans are soft-deleted so ended subscriptions keep their plan; a plan still billing is refused. */
export const deletePlan = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, planWrite, id, async ({ tx }) => {
    const live = await countLiveSubscriptionsOfPlan(tx, id);
    if (live > 0) {
      throw new HttpError(
        409,
        'conflict',
        `The plan has ${live} running subscription(s); cancel them before deleting the plan`,
        [{ path: 'params.id', message: 'Plan in use by running subscriptions' }],
      );
    }
  });
