import { ZSapBusinessPartnerRow, type TSapCreate, type TSapOnboard } from '@kassa/domain';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sql, type Db } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { getEntity } from '../../query/repository.ts';
import { isUniqueViolation, notFoundAt, resolveOwner, scopedAnd } from '../recurring/caller.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

export const sapEntity = defineEntity(ZSapBusinessPartnerRow, {
  name: 'sap_business_partner',
  table: 'sap_business_partner',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    organisation: { type: 'id', column: 'e.organisation_id', filter: true },
    status: { type: 'text', filter: true, sort: true },
    company_code: { type: 'text', filter: true, sort: true },
    business_partner: { type: 'text', filter: true, sort: true, search: 'exact' },
    onboarded_at: { type: 'timestamp', filter: true, sort: true },
    deleted_at: { type: 'timestamp', filter: true, sort: true },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});

const already = () => new HttpError(409, 'conflict', 'This merchant is already in SAP', [{ path: 'body.organisation', message: 'sap.alreadyAdded' }]);
const numberTaken = () => new HttpError(409, 'conflict', 'Another merchant has this business partner number', [{ path: 'body.business_partner', message: 'sap.numberTaken' }]);

/** Adds a merchant (never a sub-organisation or the provider) as CREATED. */
export const createSapPartner = async (db: Db, caller: Actor, body: TSapCreate) => {
  const id = newId('sap');
  await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, caller, body.organisation);
    if (owner.organisationId !== owner.merchantId) throw notFoundAt('body.organisation', 'Merchant');
    await tx.query(sql`insert into sap_business_partner (id, organisation_id, merchant_id, company_code, created_by)
      values (${id}, ${owner.merchantId}, ${owner.merchantId}, ${body.company_code}, ${caller.userId})`);
    await recordAudit(tx, { ...caller.audit, type: 'sap_partner_created', responseCode: 201, entity: 'sap_business_partner', entityId: id });
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? already() : error;
  });
  return getEntity(db, sapEntity, caller.scope, id, { _populate: 'organisation' });
};

type Move = { to: 'ONBOARDED' | 'DELETED'; from: readonly string[]; set: ReturnType<typeof sql> };

/** One status change under the row's lock: a change from a status that does not allow it is a 409 naming the status. */
const move = async (db: Db, caller: Actor, id: string, step: Move, audit: string) => {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ status: string }>(sql`select e.status from sap_business_partner e where e.id = ${id} ${scopedAnd(caller.scope)} for update`);
    if (!row) throw notFoundAt('params.id', 'SAP record');
    if (!step.from.includes(row.status)) throw conflict(`A ${row.status} record cannot become ${step.to}`, 'invalid_transition');
    await tx.query(sql`update sap_business_partner set status = ${step.to}, ${step.set}, updated_at = now() where id = ${id}`);
    await recordAudit(tx, { ...caller.audit, type: audit, responseCode: 200, entity: 'sap_business_partner', entityId: id });
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? numberTaken() : error;
  });
  return getEntity(db, sapEntity, caller.scope, id, { _populate: 'organisation' });
};

/** CREATED → ONBOARDED with the partner number SAP gave the merchant. */
export const onboardSapPartner = (db: Db, caller: Actor, id: string, body: TSapOnboard) =>
  move(db, caller, id, { to: 'ONBOARDED', from: ['CREATED'], set: sql`business_partner = ${body.business_partner}, onboarded_at = now()` }, 'sap_partner_onboarded');

/** CREATED or ONBOARDED → DELETED; the row stays for history and the merchant can be added again. */
export const deleteSapPartner = (db: Db, caller: Actor, id: string) =>
  move(db, caller, id, { to: 'DELETED', from: ['CREATED', 'ONBOARDED'], set: sql`deleted_at = now()` }, 'sap_partner_deleted');
