import { ZSapBusinessPartnerRow, type TSapCreate, type TSapOnboard } from '@kassa/domain';
import { conflict, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type Db, isUniqueViolation, type Queryable } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { getEntity } from '../../query/repository.ts';
import { organisationEntity } from '../settings/settings.entities.ts';
import { insertSapPartner, lockSapPartner, markSapPartnerDeleted, markSapPartnerOnboarded } from './sap.repository.ts';
import { resolveOwner } from '../settings/owner.ts';

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

const already = () =>
  new HttpError(409, 'conflict', 'This merchant is already in SAP', [
    { path: 'body.organisation', message: 'sap.alreadyAdded' },
  ]);
const numberTaken = () =>
  new HttpError(409, 'conflict', 'Another merchant has this business partner number', [
    { path: 'body.business_partner', message: 'sap.numberTaken' },
  ]);

/** Adds a merchant (never a sub-organisation or the provider) as CREATED. */
export const createSapPartner = async (db: Db, actor: Actor, body: TSapCreate) => {
  const id = newId('sap');
  await db
    .transaction(async (tx) => {
      const owner = await resolveOwner(tx, actor, body.organisation);
      if (owner.organisationId !== owner.merchantId) throw notFoundAt('body.organisation', 'Merchant');
      await insertSapPartner(tx, {
        id,
        merchantId: owner.merchantId,
        companyCode: body.company_code,
        createdBy: actor.userId,
      });
      await recordAudit(tx, {
        ...actor.audit,
        type: 'sap_partner_created',
        responseCode: 201,
        entity: 'sap_business_partner',
        entityId: id,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? already() : error;
    });
  return getEntity(db, sapEntity, actor.scope, id, { _populate: 'organisation' });
};

type Move = { to: 'ONBOARDED' | 'DELETED'; from: readonly string[]; write: (tx: Queryable) => Promise<unknown> };

/** One status change under the row's lock: a change from a status that does not allow it is a 409 naming the status. */
const move = async (db: Db, actor: Actor, id: string, step: Move, audit: string) => {
  await db
    .transaction(async (tx) => {
      const row = await lockSapPartner(tx, actor.scope, id);
      if (!row) throw notFoundAt('params.id', 'SAP record');
      if (!step.from.includes(row.status))
        throw conflict(`A ${row.status} record cannot become ${step.to}`, 'invalid_transition');
      await step.write(tx);
      await recordAudit(tx, {
        ...actor.audit,
        type: audit,
        responseCode: 200,
        entity: 'sap_business_partner',
        entityId: id,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? numberTaken() : error;
    });
  return getEntity(db, sapEntity, actor.scope, id, { _populate: 'organisation' });
};

/** CREATED → ONBOARDED with the partner number SAP gave the merchant. */
export const onboardSapPartner = (db: Db, actor: Actor, id: string, body: TSapOnboard) =>
  move(
    db,
    actor,
    id,
    { to: 'ONBOARDED', from: ['CREATED'], write: (tx) => markSapPartnerOnboarded(tx, id, body.business_partner) },
    'sap_partner_onboarded',
  );

/** CREATED or ONBOARDED → DELETED; the row stays for history and the merchant can be added again. */
export const deleteSapPartner = (db: Db, actor: Actor, id: string) =>
  move(
    db,
    actor,
    id,
    { to: 'DELETED', from: ['CREATED', 'ONBOARDED'], write: (tx) => markSapPartnerDeleted(tx, id) },
    'sap_partner_deleted',
  );
