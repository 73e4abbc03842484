import { discountAmountIssue, type TSubscriptionDiscountCreate, type TSubscriptionDiscountUpdate } from '@kassa/domain';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity } from '../../query/write.ts';
import { countLiveAttachments, type DiscountRow } from './discount.repository.ts';
import { subscriptionDiscountEntity } from './recurring.entities.ts';

/** Fields that change what running subscriptions are charged; only the name may change while in use. */
const TERMS = ['type', 'amount', 'duration', 'minimum_amount', 'limit_to_first_order'] as const;

export const discountWrite = defineWrite({
  entity: subscriptionDiscountEntity,
  path: 'subscription-discount',
  idPrefix: 'sd',
  label: 'Subscription discount',
  audit: { entity: 'subscription_discount', type: 'subscription_discount' },
  softDelete: true,
});

export const createDiscount = (db: Db, actor: Actor, body: TSubscriptionDiscountCreate) =>
  createEntity(db, actor, discountWrite, body, async () => ({
    values: {
      name: body.name,
      type: body.type,
      amount: body.amount,
      duration: body.duration,
      minimum_amount: body.minimum_amount,
      limit_to_first_order: body.limit_to_first_order,
    },
    detail: { name: body.name, type: body.type, amount: body.amount },
  }));

export const updateDiscount = (db: Db, actor: Actor, id: string, body: TSubscriptionDiscountUpdate) =>
  updateEntity(db, actor, discountWrite, id, body, async ({ tx, row }) => {
    const discount = row as DiscountRow;
    const issue = discountAmountIssue({ type: body.type ?? discount.type, amount: body.amount ?? discount.amount });
    if (issue) throw badRequest('body.amount', issue.message, 'validation_error', issue.code, issue.params);
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
    return { values: columns, detail: { fields: Object.keys(columns) } };
  });

/** Soft delete, so attached-discount history keeps its name; refused while a running subscription uses it. */
export const deleteDiscount = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, discountWrite, id, async ({ tx }) => {
    const live = await countLiveAttachments(tx, id);
    if (live > 0) {
      throw new HttpError(
        409,
        'conflict',
        `The discount is active on ${live} running subscription(s); remove it from them first`,
        [{ path: 'params.id', message: 'Discount in use' }],
      );
    }
  });
