import { chargePayment } from '../modules/payments/charge.service.ts';
import { sql, type Db } from '../plugins/db/index.ts';

/**
 * Test mode's demo data (issue 38): merchant@'s merchant has a few test payments beside its live
 * data, made through the payments engine in test mode, so switching to test mode shows some.
 * Amounts end in the sandbox's outcome digits (GET /v1/test-cards): mostly approved, some declined
 * or failed, one to be charged back.
 */
const AMOUNTS = [1000, 2500, 4999, 1251, 1552, 8053, 1999, 3055, 1200, 7500, 999, 4250, 1951, 2200, 6400, 1800];

export const createTestModeData = async (db: Db): Promise<number> => {
  const [target] = await db.query<{ organisation_id: string; profile_id: string }>(sql`
    select u.organisation_id, p.id as profile_id from app_user u
      join payment_profile p on p.organisation_id = u.organisation_id
    where u.email = 'merchant@kassa.test' order by p.created_at, p.id limit 1`);
  if (!target) return 0;
  await db.transaction(async (tx) => {
    for (const [i, amount] of AMOUNTS.entries())
      await chargePayment(tx, {
        notify: false,
        organisationId: target.organisation_id,
        paymentProfileId: target.profile_id,
        customerId: null,
        amount,
        productType: 'card',
        merchantReference: `TEST-${String(i + 1).padStart(3, '0')}`,
        description: 'Test payment (demo)',
        mode: 'test',
      });
  });
  return AMOUNTS.length;
};
