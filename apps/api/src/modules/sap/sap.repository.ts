import { sql, type Queryable } from '../../plugins/db/index.ts';

export const markSapPartnerOnboarded = (db: Queryable, id: string, businessPartner: string) =>
  db.query(
    sql`update sap_business_partner set status = ${'ONBOARDED'}, business_partner = ${businessPartner}, onboarded_at = now(), updated_at = now() where id = ${id}`,
  );

export const markSapPartnerDeleted = (db: Queryable, id: string) =>
  db.query(
    sql`update sap_business_partner set status = ${'DELETED'}, deleted_at = now(), updated_at = now() where id = ${id}`,
  );
