import type { TCheckoutDesignCreate, TCheckoutDesignUpdate } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { insertRow, updateRow } from '../../query/write.repository.ts';
import { checkoutDesignEntity } from './checkout-design.entity.ts';
import { lockCheckoutDesign } from './checkout-design.repository.ts';
import { sanitiseCss } from './css-sanitiser.ts';
import { notFoundAt } from '../../lib/http-error.ts';
import { resolveOwner } from '../settings/owner.ts';

const columnsOf = (body: TCheckoutDesignUpdate) => {
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'organisation'),
  );
  if (body.css !== undefined) columns.css = sanitiseCss(body.css);
  return columns;
};

export const createCheckoutDesign = async (db: Db, actor: Actor, body: TCheckoutDesignCreate) => {
  const id = newId('cd');
  await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation ?? null);
    await insertRow(tx, 'checkout_design', {
      id,
      organisation_id: owner.organisationId,
      merchant_id: owner.merchantId,
      ...columnsOf(body),
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'checkout_design_created',
      responseCode: 201,
      entity: 'checkout_design',
      entityId: id,
      detail: { name: body.name },
    });
  });
  return getEntity(db, checkoutDesignEntity, actor.scope, id);
};

export const updateCheckoutDesign = async (db: Db, actor: Actor, id: string, body: TCheckoutDesignUpdate) => {
  await db.transaction(async (tx) => {
    const current = await lockCheckoutDesign(tx, actor.scope, id);
    if (!current) throw notFoundAt('params.id', 'Checkout design');
    const columns = columnsOf(body);
    if (Object.keys(columns).length) await updateRow(tx, 'checkout_design', id, columns);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'checkout_design_updated',
      responseCode: 200,
      entity: 'checkout_design',
      entityId: id,
      detail: { fields: Object.keys(body) },
    });
  });
  return getEntity(db, checkoutDesignEntity, actor.scope, id);
};
