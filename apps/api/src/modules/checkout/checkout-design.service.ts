import type { TCheckoutDesignCreate, TCheckoutDesignUpdate } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, deleteEntity, updateEntity } from '../../query/write.ts';
import { plansUsingDesign } from './checkout-design.repository.ts';
import { checkoutDesignEntity } from './checkout-design.entity.ts';
import { sanitiseCss } from './css-sanitiser.ts';

export const checkoutDesignWrite = defineWrite({
  entity: checkoutDesignEntity,
  path: 'checkoutdesign',
  idPrefix: 'cd',
  label: 'Checkout design',
  audit: { entity: 'checkout_design', type: 'checkout_design' },
});

const columnsOf = (body: TCheckoutDesignUpdate) => {
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'organisation'),
  );
  if (body.css !== undefined) columns.css = sanitiseCss(body.css);
  return columns;
};

export const createCheckoutDesign = (db: Db, actor: Actor, body: TCheckoutDesignCreate) =>
  createEntity(db, actor, checkoutDesignWrite, body, async () => ({
    values: columnsOf(body),
    detail: { name: body.name },
  }));

export const updateCheckoutDesign = (db: Db, actor: Actor, id: string, body: TCheckoutDesignUpdate) =>
  updateEntity(db, actor, checkoutDesignWrite, id, body, async () => ({
    values: columnsOf(body),
    detail: { fields: Object.keys(body) },
  }));

/**
 * A design a subscription plan names cannot go: its hosted subscription page would lose its look
 * without anyone deciding so. The hosted payment and card-add pages take the merchant's newest
 * design, so deleting one just hands them the next (or the defaults); checkout sessions keep none.
 */
export const deleteCheckoutDesign = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, checkoutDesignWrite, id, async ({ tx, row }) => {
    const plans = await plansUsingDesign(tx, id);
    if (plans.length > 0) {
      const names = plans.map((plan) => `${plan.name} (${plan.id})`).join(', ');
      throw new HttpError(
        409,
        'in_use',
        `The checkout design is used by plan(s) ${names}; choose another design there first`,
        [...plans.map((plan) => ({ path: 'params.id', message: `Used by plan ${plan.name} (${plan.id})` }))],
      );
    }
    return { detail: { name: row.name } };
  });
