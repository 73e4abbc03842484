import { PAYMENT_CONFIG_MESSAGES as m, type TPaymentProfileCreate, type TPaymentProfileUpdate } from '@kassa/domain';
import { type ErrorDetail, HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { createEntity, defineWrite, updateEntity } from '../../query/write.ts';
import { bankAccountEntity } from '../finance-settings/bank-account.entity.ts';
import { routingEntity } from '../risk/risk.entities.ts';
import {
  findMiddleware,
  findProcessors,
  listRoutings,
  type LockedPaymentProfile,
  type Profile,
} from './payment-profile.repository.ts';
import { paymentProfileEntity } from './settings.entities.ts';

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
  if (unknown.length)
    details.push({ path: 'body.processors', code: 'notFound', message: `Unknown processor: ${unknown.join(', ')}` });
  const middleware = await findMiddleware(tx, profile.middleware);
  const unknownMiddleware = profile.middleware.filter((id) => !middleware.some((mw) => mw.id === id));
  if (unknownMiddleware.length)
    details.push({
      path: 'body.middleware',
      code: 'notFound',
      message: `Unknown middleware: ${unknownMiddleware.join(', ')}`,
    });
  if (profile.intelligent_routing) {
    const chosen = Object.entries(profile.routing).filter((entry): entry is [string, string] => Boolean(entry[1]));
    const routings = await listRoutings(
      tx,
      scope,
      chosen.map(([, id]) => id),
    );
    for (const [product, id] of chosen) {
      const routing = routings.find((r) => r.id === id && r.payment_product === product);
      if (!routing)
        details.push({
          path: `body.routing.${product}`,
          code: 'invalidRoute',
          message: 'This routing cannot be used here',
        });
      else if (routing.processors.some((p) => !profile.processors.includes(p)))
        details.push({ path: `body.routing.${product}`, code: 'notActivated', message: m.notActivated });
    }
    const byProduct = new Map<string, string[]>();
    for (const p of processors)
      byProduct.set(p.payment_product ?? '', [...(byProduct.get(p.payment_product ?? '') ?? []), p.id]);
    for (const [product, ids] of byProduct) {
      if (ids.length < 2) continue;
      const routing = routings.find((r) => r.id === profile.routing[product as keyof typeof profile.routing]);
      if (!routing || ids.some((id) => !routing.processors.includes(id)))
        details.push({
          path: 'body.processors',
          code: 'unroutable',
          params: { processor: ids.filter((id) => !routing?.processors.includes(id)).join(', ') },
          message: m.unroutable,
        });
    }
  }
  if (details.length) throw invalid(details);
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

export const paymentProfileWrite = defineWrite({
  entity: paymentProfileEntity,
  path: 'paymentprofile',
  idPrefix: 'pp',
  label: 'Payment profile',
  audit: { entity: 'payment_profile', type: 'payment_profile' },
  references: {
    // Checked when it changes: profiles of older demo worlds hold an account number here, not an id.
    bank_account: { entity: () => bankAccountEntity, column: 'bank_account' },
    'routing.*': { entity: () => routingEntity, column: 'routing' },
  },
});

export const createPaymentProfile = (
  db: Db,
  actor: Actor,
  body: TPaymentProfileCreate & { processors: string[]; middleware: string[] },
) =>
  createEntity(db, actor, paymentProfileWrite, body, async ({ tx, ownerScope }) => {
    const { organisation: _organisation, ...fields } = body;
    await check(
      tx,
      ownerScope,
      {
        processors: body.processors,
        middleware: body.middleware,
        intelligent_routing: body.intelligent_routing ?? false,
        routing: body.routing ?? {},
      },
      body.routing,
    );
    return { values: columnsOf(fields), detail: { name: body.name } };
  });

export const updatePaymentProfile = (db: Db, actor: Actor, id: string, body: TPaymentProfileUpdate) =>
  updateEntity(db, actor, paymentProfileWrite, id, body, async ({ tx, ownerScope, row }) => {
    const current = row as LockedPaymentProfile;
    await check(
      tx,
      ownerScope,
      {
        processors: body.processors ?? current.processors,
        middleware: body.middleware ?? current.middleware,
        intelligent_routing: body.intelligent_routing ?? current.intelligent_routing,
        routing: body.routing ?? current.routing,
      },
      body.routing,
    );
    return { values: columnsOf(body), detail: { fields: Object.keys(body) } };
  });
