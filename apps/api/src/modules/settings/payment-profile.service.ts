import { PAYMENT_CONFIG_MESSAGES as m, type TPaymentProfileCreate, type TPaymentProfileUpdate } from '@kassa/domain';
import { type ErrorDetail, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import type { Scope } from '../../query/scope.ts';
import { insertRow, updateRow } from '../../query/write.repository.ts';
import {
  findMerchantBankAccount,
  findMiddleware,
  findProcessors,
  listRoutings,
  lockPaymentProfile,
  type Profile,
} from './payment-profile.repository.ts';
import { paymentProfileEntity } from './settings.entities.ts';
import { resolveOwner } from './owner.ts';

export { listRoutings };

const invalid = (details: ErrorDetail[]) => new HttpError(400, 'validation_error', details[0].message, details);

/**
 * The rules of risk-config.md §5: processors and middleware must exist; a chosen routing must
 * exist and use only the profile's processors; with intelligent routing on, a payment product with
 * more than one processor needs a routing that includes all of them, else those processors would
 * leave payments unroutable.
 */
const check = async (tx: Queryable, scope: Scope, profile: Profile, sentRouting?: Profile['routing']) => {
  const details: ErrorDetail[] = [];
  // The toggle decides whether the routing applies (§4), so routing chosen with it off would be a
  // choice the engine ignores: refused rather than stored (turning it off clears the choices).
  if (!profile.intelligent_routing && Object.values(sentRouting ?? {}).some(Boolean))
    details.push({ path: 'body.intelligent_routing', message: 'Turn intelligent routing on to choose a routing' });
  const processors = await findProcessors(tx, profile.processors);
  const unknown = profile.processors.filter((id) => !processors.some((p) => p.id === id));
  if (unknown.length) details.push({ path: 'body.processors', message: `Unknown processor: ${unknown.join(', ')}` });
  const middleware = await findMiddleware(tx, profile.middleware);
  const unknownMiddleware = profile.middleware.filter((id) => !middleware.some((mw) => mw.id === id));
  if (unknownMiddleware.length)
    details.push({ path: 'body.middleware', message: `Unknown middleware: ${unknownMiddleware.join(', ')}` });
  if (profile.intelligent_routing) {
    const chosen = Object.entries(profile.routing).filter((entry): entry is [string, string] => Boolean(entry[1]));
    const routings = await listRoutings(
      tx,
      scope,
      chosen.map(([, id]) => id),
    );
    for (const [product, id] of chosen) {
      const routing = routings.find((r) => r.id === id && r.payment_product === product);
      if (!routing) details.push({ path: `body.routing.${product}`, message: m.invalidRoute });
      else if (routing.processors.some((p) => !profile.processors.includes(p)))
        details.push({ path: `body.routing.${product}`, message: m.notActivated });
    }
    const byProduct = new Map<string, string[]>();
    for (const p of processors)
      byProduct.set(p.payment_product ?? '', [...(byProduct.get(p.payment_product ?? '') ?? []), p.id]);
    for (const [product, ids] of byProduct) {
      if (ids.length < 2) continue;
      const routing = routings.find((r) => r.id === profile.routing[product as keyof typeof profile.routing]);
      if (!routing || ids.some((id) => !routing.processors.includes(id)))
        details.push({ path: 'body.processors', message: m.unroutable });
    }
  }
  if (details.length) throw invalid(details);
};

/** The payout account must be one of the profile's merchant's own bank accounts; another merchant's is a 404 like an unknown one. */
const assertBankAccount = async (tx: Queryable, merchantId: string, bankAccount: string | null | undefined) => {
  if (!bankAccount) return;
  const account = await findMerchantBankAccount(tx, merchantId, bankAccount);
  if (!account) throw notFoundAt('body.bank_account', 'Bank account');
};

const columnsOf = (body: TPaymentProfileUpdate): Record<string, unknown> => {
  const { routing, intelligent_routing: on, ...rest } = body;
  const columns: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (on !== undefined) columns.intelligent_routing = on;
  // Turning intelligent routing off clears the routing choices (risk-config.md §4).
  if (on === false) columns.routing = '{}';
  else if (routing !== undefined)
    columns.routing = JSON.stringify(Object.fromEntries(Object.entries(routing).filter(([, id]) => id)));
  return columns;
};

export const createPaymentProfile = async (
  db: Db,
  actor: Actor,
  body: TPaymentProfileCreate & { processors: string[]; middleware: string[] },
) => {
  const id = newId('pp');
  await db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation);
    const { organisation: _organisation, ...fields } = body;
    await assertBankAccount(tx, owner.merchantId, body.bank_account);
    await check(
      tx,
      actor.scope,
      {
        processors: body.processors,
        middleware: body.middleware,
        intelligent_routing: body.intelligent_routing ?? false,
        routing: body.routing ?? {},
      },
      body.routing,
    );
    await insertRow(tx, 'payment_profile', {
      id,
      organisation_id: owner.organisationId,
      merchant_id: owner.merchantId,
      ...columnsOf(fields),
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'payment_profile_created',
      responseCode: 201,
      entity: 'payment_profile',
      entityId: id,
      detail: { name: body.name },
    });
  });
  return getEntity(db, paymentProfileEntity, actor.scope, id);
};

export const updatePaymentProfile = async (db: Db, actor: Actor, id: string, body: TPaymentProfileUpdate) => {
  await db.transaction(async (tx) => {
    const current = await lockPaymentProfile(tx, actor.scope, id);
    if (!current) throw notFoundAt('params.id', 'Payment profile');
    // Checked when it changes: profiles of older demo worlds hold an account number here, not an id.
    if (body.bank_account !== current.bank_account) await assertBankAccount(tx, current.merchant_id, body.bank_account);
    await check(
      tx,
      actor.scope,
      {
        processors: body.processors ?? current.processors,
        middleware: body.middleware ?? current.middleware,
        intelligent_routing: body.intelligent_routing ?? current.intelligent_routing,
        routing: body.routing ?? current.routing,
      },
      body.routing,
    );
    const columns = columnsOf(body);
    if (Object.keys(columns).length) await updateRow(tx, 'payment_profile', id, columns);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'payment_profile_updated',
      responseCode: 200,
      entity: 'payment_profile',
      entityId: id,
      detail: { fields: Object.keys(body) },
    });
  });
  return getEntity(db, paymentProfileEntity, actor.scope, id);
};
