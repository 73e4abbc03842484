import { sql, type Queryable } from '../../plugins/db/index.ts';

/** True when the organisation belongs to a merchant that provider staff deactivated. */
export const isMerchantDeactivated = async (db: Queryable, organisationId: string): Promise<boolean> =>
  (
    await db.query(
      sql`select 1 from organisation o join organisation m on m.id = o.merchant_id where o.id = ${organisationId} and not m.active`,
    )
  ).length > 0;
