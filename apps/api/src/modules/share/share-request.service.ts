import { type TShareRequestAnswer, type TShareRequestCreate, ZShareRequestRow } from '@kassa/domain';
import { conflict, type ErrorDetail, forbidden, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { actOnEntity, createEntity, defineWrite, noteOf } from '../../query/write.ts';
import { organisationEntity, processorEntity } from '../settings/settings.entities.ts';
import {
  findProcessor,
  lockProcessorDetails,
  markShareRequestCancelled,
  markShareRequestRevoked,
  markShareRequestShared,
  updateProcessorDetails,
  type LockedShareRequest,
  type StoredField,
} from './share-request.repository.ts';

export const shareRequestEntity = defineEntity(ZShareRequestRow, {
  name: 'share_request',
  table: 'share_request',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    processor: { type: 'id', column: 'e.processor_id', filter: true },
    provider: { type: 'text', filter: true, sort: true, search: 'prefix' },
    message: { type: 'text' },
    status: { type: 'text', filter: true, sort: true },
    // Names, descriptions and whether a value is held: the sealed values never leave the table.
    fields: {
      type: 'json',
      column: `(select coalesce(jsonb_agg(jsonb_build_object('name', f->>'name', 'description', f->'description', 'shared', coalesce(f->>'value', '') <> '')), '[]'::jsonb) from jsonb_array_elements(e.fields) f)`,
    },
    requested_by: { type: 'text' },
    shared_by: { type: 'text' },
    shared_at: { type: 'timestamp', sort: true },
    revoked_at: { type: 'timestamp', sort: true },
  },
  populate: {
    organisation: { field: 'organisation', target: () => organisationEntity },
    processor: { field: 'processor', target: () => processorEntity },
  },
});

/** Share requests: the provider asks a merchant for processor credentials, the merchant answers. */
const shareRequestWrite = defineWrite({
  entity: shareRequestEntity,
  path: 'sharerequest',
  idPrefix: 'shr',
  label: 'Share request',
  audit: { entity: 'share_request', type: 'share_request' },
});

const wrongState = (status: string) => conflict(`The share request is ${status}`, 'invalid_transition');

/** The stored request as the rules read it. */
const stored = (row: Record<string, unknown>) => row as unknown as LockedShareRequest;

/** The provider asks a merchant for credentials; the processor, when named, receives them once shared. */
export const createShareRequest = (db: Db, actor: Actor, body: TShareRequestCreate) =>
  createEntity(db, actor, shareRequestWrite, body, async ({ tx }) => {
    // Processors are the provider's shared catalogue: no tenant owns one, so it only has to exist.
    if (body.processor && !(await findProcessor(tx, body.processor))) throw notFoundAt('body.processor', 'Processor');
    const fields: StoredField[] = body.fields.map((field) => ({
      name: field.name.trim(),
      description: field.description?.trim() || null,
      value: null,
    }));
    return {
      values: {
        processor_id: body.processor || null,
        provider: body.provider.trim(),
        message: body.message?.trim() || null,
        fields: JSON.stringify(fields),
        requested_by: actor.audit.userName ?? null,
      },
      detail: { fields: fields.map((f) => f.name) },
    };
  });

/** Writes the shared values into the named processor's details (sealed), or clears them on revoke. */
const applyToProcessor = async (tx: Queryable, processorId: string, fields: StoredField[]) => {
  const processor = await lockProcessorDetails(tx, processorId);
  if (!processor) return;
  const details = [...processor.details];
  for (const field of fields) {
    const index = details.findIndex((detail) => detail.name === field.name);
    const next = { name: field.name, description: field.description, value: field.value ?? '' };
    if (index >= 0) details[index] = { ...details[index], value: next.value };
    else details.push(next);
  }
  await updateProcessorDetails(tx, processorId, details);
};

/** The merchant's own people fill in the credentials; provider staff cannot answer for a merchant. */
const assertMerchantSide = (actor: Actor) => {
  if (actor.organisation.type === 'provider') throw forbidden('Only the merchant can share its credentials');
};

export const answerShareRequest = (db: Db, actor: Actor, id: string, body: TShareRequestAnswer) => {
  assertMerchantSide(actor);
  return actOnEntity(db, actor, shareRequestWrite, id, async ({ tx, row }) => {
    const current = stored(row);
    if (current.status !== 'requested') throw wrongState(current.status);
    const missing: ErrorDetail[] = [];
    const fields = current.fields.map((field) => {
      const value = body.values[field.name]?.trim();
      if (!value)
        missing.push({ path: `body.values.${field.name}`, code: 'required', message: 'This field is required' });
      return { ...field, value: value ? encryptSecret(value) : null };
    });
    const unknown = Object.keys(body.values).filter((name) => !current.fields.some((field) => field.name === name));
    for (const name of unknown)
      missing.push({ path: `body.values.${name}`, code: 'unknownField', message: 'Unknown credential' });
    if (missing.length)
      throw new HttpError(400, 'validation_error', 'Every requested credential needs a value', missing);
    await markShareRequestShared(tx, id, fields, actor.audit.userName ?? null);
    if (current.processor_id) await applyToProcessor(tx, current.processor_id, fields);
    // The names only: the values are sealed and never recorded.
    return { notes: [noteOf(shareRequestWrite, 'shared', { fields: fields.map((f) => f.name) })] };
  });
};

/** The merchant withdraws what it shared: the values are wiped here and from the processor. */
export const revokeShareRequest = (db: Db, actor: Actor, id: string) => {
  assertMerchantSide(actor);
  return actOnEntity(db, actor, shareRequestWrite, id, async ({ tx, row }) => {
    const current = stored(row);
    if (current.status !== 'shared') throw wrongState(current.status);
    const fields = current.fields.map((field) => ({ ...field, value: null }));
    await markShareRequestRevoked(tx, id, fields);
    if (current.processor_id) await applyToProcessor(tx, current.processor_id, fields);
    return { notes: [noteOf(shareRequestWrite, 'revoked')] };
  });
};

/** The provider withdraws a request that was not answered yet. */
export const cancelShareRequest = (db: Db, actor: Actor, id: string) =>
  actOnEntity(db, actor, shareRequestWrite, id, async ({ tx, row }) => {
    const { status } = stored(row);
    if (status !== 'requested') throw wrongState(status);
    await markShareRequestCancelled(tx, id);
    return { notes: [noteOf(shareRequestWrite, 'cancelled')] };
  });
