import { type TTerminalCreate, type TTerminalUpdate, ZTerminalRow } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';

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

export const terminalWrite = defineWrite({
  entity: terminalEntity,
  path: 'terminal',
  idPrefix: 'trm',
  label: 'Terminal',
  audit: { entity: 'terminal', type: 'terminal' },
  // A terminal takes payments for one payment profile its owner may use.
  references: { payment_profile: { entity: () => paymentProfileEntity, column: 'payment_profile_id' } },
  conflict: () =>
    new HttpError(409, 'serial_number_taken', 'A terminal with this serial number is already registered', [
      { path: 'body.serial_number', message: 'terminals.duplicateSerial' },
    ]),
});

const columnsOf = (body: TTerminalUpdate) => {
  const { payment_profile, ...rest } = body;
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (payment_profile !== undefined) columns.payment_profile_id = payment_profile;
  return columns;
};

export const createTerminal = (db: Db, actor: Actor, body: TTerminalCreate) =>
  createEntity(db, actor, terminalWrite, body, async () => {
    const { organisation: _organisation, ...fields } = body;
    return { values: columnsOf(fields), detail: { serial_number: body.serial_number } };
  });

export const updateTerminal = (db: Db, actor: Actor, id: string, body: TTerminalUpdate) =>
  updateEntity(db, actor, terminalWrite, id, body, async () => ({
    values: columnsOf(body),
    detail: { fields: Object.keys(body) },
  }));
