import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { actOnEntity, defineWrite, noteOf } from '../../query/write.ts';
import { merchantEntity } from './merchant.entity.ts';

/** Merchants are organisations; provider staff switch them on and off (portal.md §4). */
export const merchantWrite = defineWrite({
  entity: merchantEntity,
  path: 'psp/merchant',
  table: 'organisation',
  idPrefix: 'org',
  label: 'Merchant',
  audit: { entity: 'merchant', type: 'merchant' },
  ownerColumn: 'id',
});

/**
 * Activates or deactivates a merchant (portal.md §4). While inactive, none of its users can sign
 * in or keep a session and its API keys answer 401 (both checked on every request); audited.
 * Asking for the state it already has changes and records nothing.
 */
export const setMerchantActivity = (db: Db, actor: Actor, id: string, active: boolean) =>
  actOnEntity(db, actor, merchantWrite, id, async ({ row }) =>
    row.active === active
      ? { notes: [] }
      : {
          values: { active },
          notes: [noteOf(merchantWrite, active ? 'activated' : 'deactivated', { name: row.name })],
        },
  );
