import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { merchantEntity } from './merchant.entity.ts';
import { lockMerchant, setMerchantActive } from './merchant.repository.ts';
import { notFoundAt } from '../../lib/http-error.ts';

/**
 * Activates or deactivates a merchant (portal.md §4). While inactive, none of its users can sign
 * in or keep a session and its API keys answer 401 (both checked on every request); audited.
 */
export const setMerchantActivity = async (db: Db, actor: Actor, id: string, active: boolean) => {
  await db.transaction(async (tx) => {
    const merchant = await lockMerchant(tx, id);
    if (!merchant) throw notFoundAt('params.id', 'Merchant');
    if (merchant.active === active) return;
    await setMerchantActive(tx, id, active);
    await recordAudit(tx, {
      ...actor.audit,
      type: active ? 'merchant_activated' : 'merchant_deactivated',
      responseCode: 200,
      entity: 'merchant',
      entityId: id,
      detail: { name: merchant.name },
    });
  });
  return getEntity(db, merchantEntity, actor.scope, id);
};
