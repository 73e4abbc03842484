import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargebackEntity } from '../modules/payments/chargeback.entity.ts';
import { customerEntity } from '../modules/payments/customer.entity.ts';
import { refundEntity } from '../modules/payments/refund.entity.ts';
import { scheduledTransactionEntity } from '../modules/payments/scheduled-transaction.entity.ts';
import { transactionEntity } from '../modules/payments/transaction.entity.ts';
import { auditTrailEntity } from '../modules/risk/audit-trail.entity.ts';
import { organisationEntity, paymentProfileEntity } from '../modules/settings/settings.entities.ts';
import { platformUserEntity } from '../modules/users/user.entity.ts';
import type { Db } from '../plugins/db/index.ts';
import type { EntityDef } from './entity.ts';
import { getEntity, listEntity, populateRows } from './repository.ts';
import type { Scope } from './scope.ts';
import { openDemoScopes } from './demo-scopes.fixtures.ts';

// A list or a detail reads its relations in the same statement (left join lateral): it must answer
// exactly what one query per relation answered, tenancy of the related rows included.
let db: Db;
let scopes: [string, Scope][] = [];
beforeAll(async () => {
  ({ db, scopes } = await openDemoScopes(7));
}, 180_000);
afterAll(() => db.close());

const entities: EntityDef[] = [
  transactionEntity,
  refundEntity,
  chargebackEntity,
  customerEntity,
  scheduledTransactionEntity,
  auditTrailEntity,
  organisationEntity,
  paymentProfileEntity,
  platformUserEntity,
] as EntityDef[];

describe('populate in one statement', () => {
  it('answers what one query per relation answered, for every relation and scope', async () => {
    let populatedObjects = 0;
    let bareIds = 0;
    for (const entity of entities) {
      const names = Object.keys(entity.populate ?? {});
      for (const [label, scope] of scopes) {
        for (const sort of ['-created_at', 'id']) {
          const query = { _limit: '60', _sort: sort, _populate: names.join(' ') };
          const joined = await listEntity(db, entity, scope, query);
          const separately = await populateRows(
            db,
            entity,
            scope,
            await listEntity(db, entity, scope, { _limit: '60', _sort: sort }),
            names,
          );
          expect(joined, `${entity.name} as ${label} sorted ${sort}`).toEqual(separately);
          for (const row of joined as Record<string, unknown>[]) {
            for (const name of names) {
              if (row[name] && typeof row[name] === 'object') populatedObjects++;
              else if (typeof row[name] === 'string') bareIds++;
            }
          }
          if (joined.length > 0) {
            const id = (joined[0] as { id: string }).id;
            expect(
              await getEntity(db, entity, scope, id, { _populate: names.join(' ') }),
              `${entity.name} ${id} as ${label}`,
            ).toEqual(joined[0]);
          }
        }
      }
    }
    // The comparison saw both populated relations and relations outside the caller's tenancy.
    expect(populatedObjects).toBeGreaterThan(100);
    expect(bareIds).toBeGreaterThan(0);
  }, 120_000);
});
