import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

export const insertSapPartner = (
  db: Queryable,
  row: { id: string; merchantId: string; companyCode: string; createdBy: string },
) =>
  db.query(sql`insert into sap_business_partner (id, organisation_id, merchant_id, company_code, created_by)
      values (${row.id}, ${row.merchantId}, ${row.merchantId}, ${row.companyCode}, ${row.createdBy})`);

/** The status of a record of the actor's tenancy, locked until the transaction ends. */
export const lockSapPartner = async (
  db: Queryable,
  scope: Scope,
  id: string,
): Promise<{ status: string } | undefined> =>
  (
    await db.query<{ status: string }>(
      sql`select e.status from sap_business_partner e where e.id = ${id} ${scopedAnd(scope)} for update`,
    )
  )[0];

export const markSapPartnerOnboarded = (db: Queryable, id: string, businessPartner: string) =>
  db.query(
    sql`update sap_business_partner set status = ${'ONBOARDED'}, business_partner = ${businessPartner}, onboarded_at = now(), updated_at = now() where id = ${id}`,
  );

export const markSapPartnerDeleted = (db: Queryable, id: string) =>
  db.query(
    sql`update sap_business_partner set status = ${'DELETED'}, deleted_at = now(), updated_at = now() where id = ${id}`,
  );
