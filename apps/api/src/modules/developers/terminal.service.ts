import { type TTerminalCreate, type TTerminalUpdate, ZTerminalRow } from '@kassa/domain';
import { HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type Db, isUniqueViolation, type Queryable } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { getEntity } from '../../query/repository.ts';
import { insertRow, updateRow } from '../../query/write.repository.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';
import { findMerchantPaymentProfile, lockTerminal } from './terminal.repository.ts';
import { resolveOwner } from '../settings/owner.ts';

export const terminalEntity = defineEntity(ZTerminalRow, {
  name: 'terminal',
  table: 'terminal',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    serial_number: { type: 'text', filter: true, sort: true, search: 'prefix' },
    model: { type: 'text', filter: true, sort: true },
    status: { type: 'text', filter: true, sort: true },
    location: { type: 'text' },
    last_seen_at: { type: 'timestamp', sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
  },
  populate: {
    organisation: { field: 'organisation', target: () => organisationEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
  },
});

const duplicateSerial = () =>
  new HttpError(409, 'serial_number_taken', 'A terminal with this serial number is already registered', [
    { path: 'body.serial_number', message: 'terminals.duplicateSerial' },
  ]);

/** A terminal takes payments for one payment profile of its own merchant; another merchant's profile is a 404 like an unknown one. */
const assertProfileOfMerchant = async (tx: Queryable, actor: Actor, merchantId: string, profileId: string) => {
  const profile = await findMerchantPaymentProfile(tx, actor.scope, merchantId, profileId);
  if (!profile) throw notFoundAt('body.payment_profile', 'Payment profile');
};

const columnsOf = (body: TTerminalUpdate) => {
  const { payment_profile, ...rest } = body;
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (payment_profile !== undefined) columns.payment_profile_id = payment_profile;
  return columns;
};

export const createTerminal = async (db: Db, actor: Actor, body: TTerminalCreate) => {
  const id = newId('trm');
  await db
    .transaction(async (tx) => {
      const owner = await resolveOwner(tx, actor, body.organisation ?? null);
      await assertProfileOfMerchant(tx, actor, owner.merchantId, body.payment_profile);
      const { organisation: _organisation, ...fields } = body;
      await insertRow(tx, 'terminal', {
        id,
        organisation_id: owner.organisationId,
        merchant_id: owner.merchantId,
        ...columnsOf(fields),
      });
      await recordAudit(tx, {
        ...actor.audit,
        type: 'terminal_created',
        responseCode: 201,
        entity: 'terminal',
        entityId: id,
        detail: { serial_number: body.serial_number },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateSerial() : error;
    });
  return getEntity(db, terminalEntity, actor.scope, id);
};

export const updateTerminal = async (db: Db, actor: Actor, id: string, body: TTerminalUpdate) => {
  await db
    .transaction(async (tx) => {
      const current = await lockTerminal(tx, actor.scope, id);
      if (!current) throw notFoundAt('params.id', 'Terminal');
      if (body.payment_profile) await assertProfileOfMerchant(tx, actor, current.merchant_id, body.payment_profile);
      const columns = columnsOf(body);
      if (Object.keys(columns).length) await updateRow(tx, 'terminal', id, columns);
      await recordAudit(tx, {
        ...actor.audit,
        type: 'terminal_updated',
        responseCode: 200,
        entity: 'terminal',
        entityId: id,
        detail: { fields: Object.keys(body) },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateSerial() : error;
    });
  return getEntity(db, terminalEntity, actor.scope, id);
};
