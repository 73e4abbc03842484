import { ZSapBusinessPartnerRow, type TSapCreate, type TSapOnboard } from '@kassa/domain';
import { conflict, HttpError, notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';
import { organisationEntity } from '../settings/settings.entities.ts';
import { markSapPartnerDeleted, markSapPartnerOnboarded } from './sap.repository.ts';

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

const sapWrite = defineWrite({
  entity: sapEntity,
  path: 'psp/sap',
  idPrefix: 'sap',
  label: 'SAP record',
  audit: { entity: 'sap_business_partner', type: 'sap_partner' },
  conflict: already,
  populate: 'organisation',
});
/** A status move: its unique violation is a business partner number another merchant has. */
const sapMoveWrite = { ...sapWrite, conflict: numberTaken };

/** Adds a merchant (never a sub-organisation or the provider) as CREATED. */
export const createSapPartner = (db: Db, actor: Actor, body: TSapCreate) =>
  createEntity(db, actor, sapWrite, body, async ({ owner }) => {
    if (owner.organisationId !== owner.merchantId) throw notFoundAt('body.organisation', 'Merchant');
    return { values: { company_code: body.company_code, created_by: actor.userId } };
  });

type Move = { to: 'ONBOARDED' | 'DELETED'; from: readonly string[]; write: (tx: Queryable) => Promise<unknown> };

/** One status change under the row's lock: a change from a status that does not allow it is a 409 naming the status. */
const move = (db: Db, actor: Actor, id: string, step: Move, change: 'onboarded' | 'deleted') =>
  updateEntity(
    db,
    actor,
    sapMoveWrite,
    id,
    {},
    async ({ tx, row }) => {
      if (!step.from.includes(String(row.status)))
        throw conflict(`A ${String(row.status)} record cannot become ${step.to}`, 'invalid_transition');
      await step.write(tx);
      return { audit: { responseCode: 200 } };
    },
    change,
  );

/** CREATED → ONBOARDED with the partner number SAP gave the merchant. */
export const onboardSapPartner = (db: Db, actor: Actor, id: string, body: TSapOnboard) =>
  move(
    db,
    actor,
    id,
    { to: 'ONBOARDED', from: ['CREATED'], write: (tx) => markSapPartnerOnboarded(tx, id, body.business_partner) },
    'onboarded',
  );

/** CREATED or ONBOARDED → DELETED; the row stays for history and the merchant can be added again. */
export const deleteSapPartner = (db: Db, actor: Actor, id: string) =>
  move(
    db,
    actor,
    id,
    { to: 'DELETED', from: ['CREATED', 'ONBOARDED'], write: (tx) => markSapPartnerDeleted(tx, id) },
    'deleted',
  );
