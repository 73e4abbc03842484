import type { TCheckoutDesignCreate, TCheckoutDesignUpdate } from '@kassa/domain';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';
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
