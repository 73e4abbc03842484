import { type ErrorDetail, HttpError, notFoundAt } from '../lib/http-error.ts';
import { newId } from '../lib/ids.ts';
import type { Actor } from '../plugins/actor.ts';
import { type AuditEntry, recordAudit } from '../plugins/audit.ts';
import { type Db, isUniqueViolation, type Queryable } from '../plugins/db/index.ts';
import type { EntityDef, RowOf } from './entity.ts';
import { type Owner, ownerScope, resolveOwner, resolveProviderOwner } from './owner.ts';
import { getEntity } from './repository.ts';
import type { Scope } from './scope.ts';
import { rowConditions } from './where.ts';
import { deleteRow, findIds, insertRow, lockRow, softDeleteRow, updateRow } from './write.repository.ts';

/**
 * The one way to write an entity, beside the one way to read it (routes.ts): one transaction,
 * the row locked in the caller's scope or the same 404 as an unknown id, every reference the body
 * names checked in the scope of the row's owner, a unique violation answered 409, the audit entry
 * in the same transaction, and the answer re-read through the query layer. A service passes only
 * its own rules.
 */

/** What a body field names: a row of `entity`. `column` holds it on the written row (an unchanged one is not checked again). */
export type Reference = { entity: () => EntityDef; column?: string };

export type WriteDef<E extends EntityDef = EntityDef> = {
  /** The read side: tenancy, the row the answer is re-read as. */
  entity: E;
  /** The API path (`paymentprofile`): where the CRUD registrar serves it and the reference sweep writes. */
  path: string;
  /** The table written; the entity's own table unless that is a select. */
  table?: string;
  /** Prefix of new ids (`pp_…`). */
  idPrefix: string;
  /** A person's name for one row, for 404 messages (`Payment profile`). */
  label: string;
  /** The audit entry: its `entity` and the prefix of its `type` (`ruleset` → `ruleset_created`). */
  audit: { entity: string; type: string };
  /**
   * Body fields that name other rows, by path: `tag`, `processors[]` (each item), `routing.*`
   * (each value of an object). An id outside the owner's scope, or unknown, is a 404 at that path.
   */
  references?: Record<string, Reference>;
  /** The 409 of a unique violation (a duplicate IBAN, serial number…). */
  conflict?: () => HttpError;
  /** `_populate` of the re-read. */
  populate?: string;
  /** Deleted rows keep their id for history (`deleted_at`), as plans and discounts do. */
  softDelete?: boolean;
  /** Who owns new rows: a merchant organisation (default) or the provider (its shared catalogue, no `merchant_id`). */
  ownedBy?: 'merchant' | 'provider';
  /** The column naming the row's owner organisation; `id` for organisations, which own themselves. */
  ownerColumn?: string;
  /**
   * Who owns a new row when it is not the body's `organisation`: the owner of a row the body names,
   * read in the caller's scope (a subscription is its plan's, a link its payment profile's).
   */
  owner?: (tx: Queryable, actor: Actor, body: Record<string, unknown>) => Promise<Owner>;
  /** What the answer adds to the row as read (a processor's credential names and hints), also in a stored idempotent answer. */
  answer?: (db: Queryable, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
};

const defs: WriteDef[] = [];

/** Declares how an entity is written; every declaration is listed for the reference sweep (`writeDefinitions`). */
export const defineWrite = <E extends EntityDef>(def: WriteDef<E>): WriteDef<E> => {
  defs.push(def as unknown as WriteDef);
  return def;
};

/** Every declared write, in declaration order. */
export const writeDefinitions = (): readonly WriteDef[] => defs;

/** What the rules of a service give back: the columns to write, and what the audit entry says. */
export type Written = {
  values?: Record<string, unknown>;
  detail?: Record<string, unknown>;
  /** More of the audit entry: the transaction it is about, or the status of an answer that is not the change's usual one. */
  audit?: Pick<AuditEntry, 'transactionId' | 'paymentProfileId' | 'responseCode'>;
  /** Nothing was changed (a link already switched off): no write, no audit entry. */
  unchanged?: boolean;
  /** Of a delete: the row is kept and changed by `values` instead, audited as this change (a billed subscription is cancelled). */
  instead?: Change;
};
/** The verb of the audit entry's type; besides these a service names its own (`onboarded`, `reversed`). */
export type Change = 'created' | 'updated' | 'rolled_back' | 'deleted' | (string & {});

type Ctx = { tx: Queryable; id: string; owner: Owner; ownerScope: Scope };
export type CreateCtx<B> = Ctx & { body: B };
export type UpdateCtx<B> = Ctx & { body: B; row: Record<string, unknown> };

/** Each `[path, id]` a body names at a reference path (`a`, `a[]`, `a.*`). */
const namedIds = (body: Record<string, unknown>, path: string): [string, string][] => {
  const many = path.endsWith('[]') || path.endsWith('.*');
  const key = many ? path.slice(0, -2) : path;
  const value = body[key];
  if (!many) return typeof value === 'string' && value !== '' ? [[`body.${key}`, value]] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([k, id]) => [`body.${key}.${k}`, id]);
};

/** True when the stored row already names `id` where the body does (a scalar, an item of a list, a value under the same key). */
const holds = (stored: unknown, at: string, id: string): boolean => {
  if (Array.isArray(stored)) return stored.includes(id);
  if (stored && typeof stored === 'object')
    return (stored as Record<string, unknown>)[at.slice(at.lastIndexOf('.') + 1)] === id;
  return stored === id;
};

const labelOf = (entity: EntityDef) => {
  const what = entity.name.replace(/_/g, ' ');
  return what.charAt(0).toUpperCase() + what.slice(1);
};

/**
 * Every reference of the body must be readable in the owner's scope (and so in the caller's, which
 * contains it): another merchant's, the parent's or a sibling's id answers as an unknown one.
 */
export const checkReferences = async (
  tx: Queryable,
  def: WriteDef,
  scope: Scope,
  body: Record<string, unknown>,
  row?: Record<string, unknown>,
) => {
  const details: ErrorDetail[] = [];
  for (const [path, reference] of Object.entries(def.references ?? {})) {
    const named = namedIds(body, path).filter(
      ([at, id]) => !(row && reference.column && holds(row[reference.column], at, id)),
    );
    if (named.length === 0) continue;
    const target = reference.entity();
    const ids = [...new Set(named.map(([, id]) => id))];
    const found = new Set(await findIds(tx, target.table, ids, rowConditions(target, scope)));
    for (const [at, id] of named)
      if (!found.has(id)) details.push(notFoundAt(at, labelOf(target)).details?.[0] ?? { path: at, message: '' });
  }
  if (details.length) throw new HttpError(404, 'not_found', `${labelOf(def.entity)}: ${details[0].message}`, details);
};

const conflictOf = (def: WriteDef) =>
  def.conflict?.() ??
  new HttpError(409, 'conflict', `${def.label} already exists`, [
    { path: 'body', message: `${def.label} already exists` },
  ]);

/**
 * A governed write (issue 35, modules/changes): the write as it would be, checked by every rule,
 * then handed to the gate, which decides whether it applies now or waits for a second person.
 */
export type PlannedWrite = {
  def: WriteDef;
  action: 'create' | 'update' | 'delete';
  id: string;
  owner: Owner;
  ownerScope: Scope;
  body: Record<string, unknown>;
  /** The locked row (update, delete): its digest is the version a request is made against. */
  row?: Record<string, unknown>;
  /** The service's own word on whether this change is risky (a role grant is only when it gives an administrative role). */
  governed?: boolean;
};

/**
 * The hook of four eyes in the one write path. `decide` runs in the write's transaction once the
 * service's rules passed: 'apply' writes (an emergency change is recorded there too), 'defer' rolls
 * the write back and `defer` stores the change request and throws the 202 that answers it.
 */
export type ChangeGate = {
  decide(tx: Queryable, actor: Actor, plan: PlannedWrite): Promise<'apply' | 'defer'>;
  defer(db: Db, actor: Actor, plan: PlannedWrite): Promise<never>;
  /** Stores the request of a change that is written now but takes effect only once approved (an API key); its id. */
  hold(tx: Queryable, actor: Actor, plan: PlannedWrite): Promise<string>;
};
let changeGate: ChangeGate | undefined;
/** Installs the gate (once, at start-up); every write declared with `defineWrite` passes it. */
export const setChangeGate = (gate: ChangeGate) => {
  changeGate = gate;
};

/**
 * For a write that is made at once but takes effect only when approved (an API key made under the
 * policy works once its request is approved): the id of the request stored in `tx` for it, or
 * null when the policy does not cover it (or an emergency applies it at once).
 */
export const holdForApproval = async (tx: Queryable, actor: Actor, plan: PlannedWrite): Promise<string | null> =>
  changeGate && (await changeGate.decide(tx, actor, plan)) === 'defer' ? changeGate.hold(tx, actor, plan) : null;

/** Rolls the dry run of a deferred write back (nothing of it may stay). */
class Deferred extends Error {}

/**
 * The transaction, with a unique violation answered as the entity's 409. While an approved change
 * request is applied (`actor.replay`) the write joins the approval's transaction instead.
 */
const inTransaction = <T>(db: Db, actor: Actor, def: WriteDef, work: (tx: Queryable) => Promise<T>): Promise<T> =>
  (actor.replay ? work(actor.replay.tx) : db.transaction(work)).catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflictOf(def) : error;
  });

/**
 * Runs a write through the gate: its `work` either applies or, deferred, is rolled back whole and
 * becomes a change request (the gate throws its 202).
 */
const gated = async <T>(
  db: Db,
  actor: Actor,
  def: WriteDef,
  work: (tx: Queryable, pass: (plan: PlannedWrite) => Promise<void>) => Promise<T>,
): Promise<T> => {
  let deferred: PlannedWrite | undefined;
  const pass = async (tx: Queryable, plan: PlannedWrite) => {
    if (!changeGate || (await changeGate.decide(tx, actor, plan)) === 'apply') return;
    deferred = plan;
    throw new Deferred();
  };
  try {
    return await inTransaction(db, actor, def, (tx) => work(tx, (plan) => pass(tx, plan)));
  } catch (error) {
    if (!(error instanceof Deferred) || !deferred || !changeGate) throw error;
    return changeGate.defer(db, actor, deferred);
  }
};

const audit = (
  tx: Queryable,
  actor: Actor,
  def: WriteDef,
  id: string,
  change: Change,
  detail?: Record<string, unknown>,
  extra?: Written['audit'],
) =>
  recordAudit(tx, {
    ...actor.audit,
    type: `${def.audit.type}_${change}`,
    responseCode: change === 'created' ? 201 : change === 'deleted' ? 204 : 200,
    entity: def.audit.entity,
    entityId: id,
    // An approved change request applied: the entry names it (who asked, who approved).
    detail: actor.replay ? { ...detail, change_request: actor.replay.changeRequest } : detail,
    ...extra,
  });

const reread = async <E extends EntityDef>(
  db: Queryable,
  actor: Actor,
  def: WriteDef<E>,
  id: string,
): Promise<RowOf<E>> => {
  const q = actor.replay?.tx ?? db;
  const row = await getEntity(q, def.entity, actor.scope, id, def.populate ? { _populate: def.populate } : undefined);
  return def.answer ? ((await def.answer(q, row as Record<string, unknown>)) as RowOf<E>) : row;
};

/**
 * A creating call with an `Idempotency-Key` (`actor.answer`): the answer is re-read in the write's
 * transaction and stored there, so a crash after the commit leaves it to replay (decisions.md
 * "Idempotency answers commit with their write"). Without a key the answer is re-read after the commit.
 */
const answered = async <E extends EntityDef>(
  tx: Queryable,
  actor: Actor,
  def: WriteDef<E>,
  id: string,
  status: number,
): Promise<RowOf<E> | undefined> => {
  if (!actor.answer) return undefined;
  const row = await reread(tx, actor, def, id);
  await actor.answer.record(tx, status, row);
  return row;
};

/**
 * A write whose row the service writes itself (a status update with the item it changes, a report
 * with its job, a status move): `work` runs in the one transaction (a unique violation answered as
 * the entity's 409), the audit entry of `change` follows in it, and the row `id` is answered as the
 * read layer shows it; a creating call's idempotency answer is stored with it. Lock rows with
 * `lockInScope`, check references with `checkReferences`.
 */
export const writeOwnRow = async <E extends EntityDef>(
  db: Db,
  actor: Actor,
  def: WriteDef<E>,
  id: string,
  change: Change,
  work: (tx: Queryable) => Promise<Written | void>,
): Promise<RowOf<E>> => {
  const row = await inTransaction(db, actor, def, async (tx) => {
    const written = await work(tx);
    if (written?.unchanged) return undefined;
    await audit(tx, actor, def, id, change, written?.detail, written?.audit);
    const status = written?.audit?.responseCode ?? (change === 'created' ? 201 : 200);
    return answered(tx, actor, def, id, status);
  });
  return row ?? reread(db, actor, def, id);
};

/** Locks the row in the caller's scope; an unknown or foreign id is one 404 (at `at`, the input naming it). */
export const lockInScope = async (tx: Queryable, actor: Actor, def: WriteDef, id: string, at = 'params.id') => {
  const row = await lockRow(tx, def.table ?? def.entity.table, id, rowConditions(def.entity, actor.scope));
  if (!row) throw notFoundAt(at, def.label);
  return row;
};

/** The owner's scope of a locked row. */
const ownerOf = async (tx: Queryable, row: Record<string, unknown>, def: WriteDef) => {
  const owner = {
    organisationId: String(row[def.ownerColumn ?? 'organisation_id']),
    merchantId: (row.merchant_id as string | undefined) ?? null,
  };
  return { owner, ownerScope: await ownerScope(tx, owner.organisationId) };
};

/**
 * Creates a row owned by `body.organisation` (or the caller's organisation): `rules` check the
 * service's own rules and give the columns; the row gets its id and owner here.
 */
export const createEntity = async <E extends EntityDef, B extends { organisation?: string | null }>(
  db: Db,
  actor: Actor,
  def: WriteDef<E>,
  body: B,
  rules: (ctx: CreateCtx<B>) => Promise<Written>,
): Promise<RowOf<E>> => {
  const id = newId(def.idPrefix);
  const row = await gated(db, actor, def, async (tx, pass) => {
    const owner = def.owner
      ? await def.owner(tx, actor, body as Record<string, unknown>)
      : await (def.ownedBy === 'provider' ? resolveProviderOwner : resolveOwner)(tx, actor, body.organisation ?? null);
    // The owner's tenancy in the actor's mode: references to payment-side rows are of that mode.
    const scope = { ...(await ownerScope(tx, owner.organisationId)), mode: actor.mode };
    await checkReferences(tx, def, scope, body);
    const { values = {}, detail, audit: extra } = await rules({ tx, id, owner, ownerScope: scope, body });
    await pass({ def, action: 'create', id, owner, ownerScope: scope, body: body as Record<string, unknown> });
    const ownedBy = owner.merchantId === null ? {} : { merchant_id: owner.merchantId };
    await insertRow(tx, def.table ?? def.entity.table, {
      id,
      organisation_id: owner.organisationId,
      ...ownedBy,
      // A payment-side row is of the actor's mode (test mode, issue 38).
      ...(def.entity.moded ? { mode: actor.mode ?? 'live' } : {}),
      ...values,
    });
    await audit(tx, actor, def, id, 'created', detail, extra);
    return answered(tx, actor, def, id, 201);
  });
  return row ?? reread(db, actor, def, id);
};

/**
 * Updates the row `id` of the caller's scope with the columns `rules` give (none: only the audit
 * entry). `change` is `rolled_back` for a restore of an earlier version, whose body `bodyOf` reads.
 */
export const updateEntity = async <E extends EntityDef, B extends object>(
  db: Db,
  actor: Actor,
  def: WriteDef<E>,
  id: string,
  bodyOf: B | ((tx: Queryable, row: Record<string, unknown>) => Promise<B>),
  rules: (ctx: UpdateCtx<B>) => Promise<Written>,
  change: Exclude<Change, 'created'> = 'updated',
): Promise<RowOf<E>> => {
  await gated(db, actor, def, async (tx, pass) => {
    const row = await lockInScope(tx, actor, def, id);
    // A rollback's body is an earlier version, read only once the row is known to be the caller's.
    const body = typeof bodyOf === 'function' ? await bodyOf(tx, row) : bodyOf;
    const { owner, ownerScope: scope } = await ownerOf(tx, row, def);
    await checkReferences(tx, def, scope, body as Record<string, unknown>, row);
    const {
      values: given = {},
      detail,
      audit: extra,
      unchanged,
    } = await rules({ tx, id, owner, ownerScope: scope, body, row });
    if (unchanged) return;
    // A field the body did not send stays as stored: an update changes exactly what it sends.
    const values = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    await pass({ def, action: 'update', id, owner, ownerScope: scope, body: body as Record<string, unknown>, row });
    if (Object.keys(values).length) await updateRow(tx, def.table ?? def.entity.table, id, values);
    await audit(tx, actor, def, id, change, detail, extra);
  });
  return reread(db, actor, def, id);
};

/** Deletes (or soft-deletes) the row `id` of the caller's scope after the service's `rules` (in use → 409). */
export const deleteEntity = async (
  db: Db,
  actor: Actor,
  def: WriteDef,
  id: string,
  rules: (ctx: { tx: Queryable; row: Record<string, unknown> }) => Promise<Written | void> = async () => ({}),
): Promise<void> => {
  await gated(db, actor, def, async (tx, pass) => {
    const row = await lockInScope(tx, actor, def, id);
    const written = await rules({ tx, row });
    const { owner, ownerScope: scope } = await ownerOf(tx, row, def);
    await pass({ def, action: 'delete', id, owner, ownerScope: scope, body: {}, row });
    const table = def.table ?? def.entity.table;
    if (written?.instead) {
      if (written.values && Object.keys(written.values).length) await updateRow(tx, table, id, written.values);
      await audit(tx, actor, def, id, written.instead, written.detail, written.audit);
      return;
    }
    await (def.softDelete ? softDeleteRow(tx, table, id) : deleteRow(tx, table, id));
    await audit(tx, actor, def, id, 'deleted', written?.detail, written?.audit);
  });
};

/**
 * One entry a write records: its whole `type` (`merchant_activated`, `mfa_reset`), about the
 * written row unless `entityId` names another (each key a revocation ended), answered with
 * `responseCode` (200 unless given).
 */
export type AuditNote = { type: string; detail?: Record<string, unknown>; entityId?: string; responseCode?: number };

/** The entry `<def's type>_<change>` (`share_request_shared`). */
export const noteOf = (def: WriteDef, change: string, detail?: Record<string, unknown>): AuditNote => ({
  type: `${def.audit.type}_${change}`,
  detail,
  responseCode: change === 'created' ? 201 : undefined,
});

/** What an action's rules give back: the columns to write on the row, and what to record (nothing: nothing changed). */
export type Acted = { values?: Record<string, unknown>; notes: AuditNote[] };

/**
 * A write that is not a plain create or update (an organisation below its parent, a key with its
 * secret, an endpoint found or made by its URL): `work` writes in the one transaction and answers
 * the row's id and what to record. As for every write, a unique violation is the entity's 409,
 * the entries are recorded in the same transaction, and the answer is re-read (`reread: false`:
 * the service answers itself, a secret shown once).
 */
export const writeEntity = async <E extends EntityDef, R extends { id: string; notes: AuditNote[] }>(
  db: Db,
  actor: Actor,
  def: WriteDef<E>,
  work: (tx: Queryable, pass: (plan: PlannedWrite) => Promise<void>) => Promise<R>,
): Promise<R & { row: () => Promise<RowOf<E>> }> => {
  const written = await gated(db, actor, def, async (tx, pass) => {
    const result = await work(tx, pass);
    for (const note of result.notes)
      await recordAudit(tx, {
        ...actor.audit,
        type: note.type,
        responseCode: note.responseCode ?? 200,
        entity: def.audit.entity,
        entityId: note.entityId ?? result.id,
        detail: note.detail,
      });
    return result;
  });
  return { ...written, row: () => reread(db, actor, def, written.id) };
};

/**
 * An action on the row `id` of the caller's scope (activate, revoke, share, disable…): locked or
 * the 404 of an unknown id, then the service's rules, the columns they give written, their entries
 * recorded, all in one transaction; the answer re-read through the query layer.
 */
export const actOnEntity = async <E extends EntityDef>(
  db: Db,
  actor: Actor,
  def: WriteDef<E>,
  id: string,
  rules: (ctx: {
    tx: Queryable;
    row: Record<string, unknown>;
    /** A governed action passes the gate before it writes (modules/changes). */
    pass: (plan: PlannedWrite) => Promise<void>;
  }) => Promise<Acted>,
): Promise<RowOf<E>> => {
  const written = await writeEntity(db, actor, def, async (tx, pass) => {
    const row = await lockInScope(tx, actor, def, id);
    const { values = {}, notes } = await rules({ tx, row, pass });
    const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    if (Object.keys(set).length) await updateRow(tx, def.table ?? def.entity.table, id, set);
    return { id, notes };
  });
  return written.row();
};
