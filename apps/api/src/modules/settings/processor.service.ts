import {
  access,
  hasAccess,
  type TMiddlewareCreate,
  type TMiddlewareUpdate,
  type TProcessorCreate,
  type TProcessorDetail,
  type TProcessorUpdate,
  type TProcessorValues,
  type TProcessorWithDetails,
} from '@kassa/domain';
import { badRequest, type ErrorDetail, forbidden, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { decryptSecret, encryptSecret, maskSecret } from '../../lib/secret-box.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';
import {
  findProcessorDetails,
  routingsOfOtherProduct,
  type LockedProcessor,
  type StoredDetail,
} from './processor.repository.ts';
import { middlewareEntity, processorEntity } from './settings.entities.ts';

type ActorWithRoles = Actor & { roles: string[] };

/** A processor and a processor settlement are edited by different roles (risk-config.md §6). */
const assertMayEdit = (actor: ActorWithRoles, type: string) => {
  const roles = type === 'processorsettlement' ? access.processorSettlement.edit : access.pspProcessor.edit;
  if (!hasAccess(actor.roles, roles)) throw forbidden();
};

export const processorWrite = defineWrite({
  entity: processorEntity,
  path: 'processor',
  idPrefix: 'prc',
  label: 'Processor',
  audit: { entity: 'processor', type: 'processor' },
  ownedBy: 'provider',
  // A processor answers with its details' names and hints beside the row.
  answer: async (db, row) => ({ ...row, details: await readProcessorDetails(db, String(row.id)) }),
});

export const middlewareWrite = defineWrite({
  entity: middlewareEntity,
  path: 'middleware',
  idPrefix: 'mw',
  label: 'Middleware',
  audit: { entity: 'middleware', type: 'middleware' },
  ownedBy: 'provider',
});

/**
 * Seals the details' values. A detail sent without a value keeps the stored value of the detail with
 * that name (the form never receives it back); a new detail needs one.
 */
const sealDetails = (input: NonNullable<TProcessorUpdate['details']>, stored: StoredDetail[]): StoredDetail[] => {
  const missing: ErrorDetail[] = [];
  const sealed = input.map((detail, index) => {
    const kept = stored.find((s) => s.name === detail.name);
    if (detail.value)
      return { name: detail.name, description: detail.description ?? null, value: encryptSecret(detail.value) };
    if (!kept)
      missing.push({ path: `body.details.${index}.value`, code: 'required', message: 'This field is required' });
    return { name: detail.name, description: detail.description ?? null, value: kept?.value ?? '' };
  });
  if (missing.length) throw new HttpError(400, 'validation_error', 'A new detail needs a value', missing);
  return sealed;
};

/** The details as screens see them: names and descriptions, the value only as its last characters. */
export const detailsOf = (stored: StoredDetail[]): TProcessorDetail[] =>
  stored.map((d) => ({
    name: d.name,
    description: d.description,
    value_hint: d.value ? maskSecret(d.value.startsWith('kse1:') ? decryptSecret(d.value) : d.value) : null,
  }));

export const readProcessorDetails = async (db: Queryable, id: string): Promise<TProcessorDetail[]> => {
  const row = await findProcessorDetails(db, id);
  if (!row) throw notFoundAt('params.id', 'Processor');
  return detailsOf(row.details);
};

const processorColumns = (body: TProcessorUpdate, details?: StoredDetail[]) => {
  const { user, details: _details, ...rest } = body;
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (user !== undefined) columns.processor_user = user;
  if (details) columns.details = JSON.stringify(details);
  return columns;
};

export const createProcessor = (db: Db, actor: ActorWithRoles, body: TProcessorCreate) => {
  assertMayEdit(actor, body.type);
  return createEntity(db, actor, processorWrite, body, async () => {
    const { organisation: _organisation, type, ...fields } = body;
    return {
      values: { type, ...processorColumns(fields, sealDetails(body.details, [])) },
      detail: { name: body.name, type },
    };
  });
};

/**
 * A routing's tree holds processors of its own product only (§2.4): a processor that routings
 * use cannot change product under them, else their payments would go to a processor of another
 * product. 409 naming the routings.
 */
const assertRoutingsKeepProduct = async (tx: Queryable, id: string, product: string | null) => {
  const routings = await routingsOfOtherProduct(tx, id, product);
  if (routings.length === 0) return;
  const names = routings.map((r) => `${r.name} (${r.id})`).join(', ');
  throw new HttpError(409, 'in_use', `The processor is an endpoint of routing(s) ${names}; change those first`, [
    ...routings.map((r) => ({
      path: 'body.payment_product',
      message: `Used by routing ${r.name} (${r.id}) for ${r.payment_product}`,
    })),
  ]);
};

export const updateProcessor = (db: Db, actor: ActorWithRoles, id: string, body: TProcessorUpdate) =>
  updateEntity(db, actor, processorWrite, id, body, async ({ tx, row }) => {
    const current = row as LockedProcessor;
    assertMayEdit(actor, current.type);
    const product = body.payment_product === undefined ? current.payment_product : body.payment_product;
    const settlementType =
      body.processor_settlement_type === undefined ? current.processor_settlement_type : body.processor_settlement_type;
    if (current.type === 'processor' && !product)
      throw badRequest('body.payment_product', 'This field is required', 'validation_error', 'required');
    if (current.type === 'processor' && product !== current.payment_product)
      await assertRoutingsKeepProduct(tx, id, product);
    if (current.type === 'processorsettlement' && !settlementType)
      throw badRequest('body.processor_settlement_type', 'This field is required', 'validation_error', 'required');
    return {
      values: processorColumns(body, body.details && sealDetails(body.details, current.details)),
      detail: { fields: Object.keys(body) },
    };
  });

/**
 * Only the values of existing detail rows (a merchant's context, risk-config.md §6): every stored
 * row is sent on, with the new value where one is given, so the one update (and its audit) applies
 * and no row is added, removed, renamed or re-described. A name the processor lacks is a 400 there.
 */
export const updateProcessorValues = async (
  db: Db,
  actor: ActorWithRoles,
  id: string,
  body: TProcessorValues,
): Promise<TProcessorWithDetails> => {
  const stored = await readProcessorDetails(db, id);
  const unknown: ErrorDetail[] = body.details.flatMap((detail, index) =>
    stored.some((row) => row.name === detail.name)
      ? []
      : [{ path: `body.details.${index}.name`, code: 'unknownField', message: 'Unknown detail' }],
  );
  if (unknown.length)
    throw new HttpError(400, 'validation_error', 'Only existing details can be changed here', unknown);
  const given = new Map(body.details.map((detail) => [detail.name, detail.value]));
  const details = stored.map((row) => {
    const value = given.get(row.name);
    return { name: row.name, description: row.description ?? '', ...(value ? { value } : {}) };
  });
  // The write path's `answer` (processorWrite) adds the details to the row it answers.
  return (await updateProcessor(db, actor, id, { details })) as unknown as TProcessorWithDetails;
};

export const createMiddleware = (db: Db, actor: Actor, body: TMiddlewareCreate) =>
  createEntity(db, actor, middlewareWrite, body, async () => ({
    values: { name: body.name, provider: body.provider },
    detail: { name: body.name },
  }));

export const updateMiddleware = (db: Db, actor: Actor, id: string, body: TMiddlewareUpdate) =>
  updateEntity(db, actor, middlewareWrite, id, body, async () => ({
    values: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    detail: { fields: Object.keys(body) },
  }));
