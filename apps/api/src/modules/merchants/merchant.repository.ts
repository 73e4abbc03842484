import { sql, type Queryable } from '../../plugins/db/index.ts';

/** True when the organisation belongs to a merchant that provider staff deactivated. */
export const isMerchantDeactivated = async (db: Queryable, organisationId: string): Promise<boolean> =>
  (
    await db.query(
      sql`select 1 from organisation o join organisation m on m.id = o.merchant_id where o.id = ${organisationId} and not m.active`,
    )
  ).length > 0;

/** A merchant organisation (type merchant), locked until the transaction ends. */
export const lockMerchant = async (db: Queryable, id: string) =>
  (
    await db.query<{ id: string; name: string; active: boolean }>(
      sql`select id, name, active from organisation where id = ${id} and type = 'merchant' for update`,
    )
  )[0];

export const setMerchantActive = (db: Queryable, id: string, active: boolean) =>
  db.query(sql`update organisation set active = ${active}, updated_at = now() where id = ${id}`);
