import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  PRICING_SCHEME_TYPES,
  ZOneOffCreate,
  ZOneOffUpdate,
  ZPackageCreate,
  ZPackageUpdate,
  ZPricingSchemeCreate,
  ZPricingSchemeUpdate,
  ZSettlementProfileCreate,
  ZSettlementProfileUpdate,
  ZSettlementScheduleCreate,
  ZSettlementScheduleUpdate,
  type RoleList,
} from '@kassa/domain';
import { actorOf, type Actor } from '../../plugins/actor.ts';
import type { EntityDef } from '../../query/entity.ts';
import { governedSchema, registerReplayable } from '../../query/crud.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { createFinanceObject, updateFinanceObject, type FinanceKind } from './finance-config.service.ts';
import {
  oneOffEntity,
  packageEntity,
  pricingSchemeEntityOf,
  settlementProfileEntity,
  settlementScheduleEntity,
} from './finance.entities.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const COLLECTING = 'collecting' as const;

type Resource = {
  path: string;
  kind: FinanceKind;
  entity: EntityDef;
  list: RoleList;
  edit: RoleList;
  create: z.ZodType;
  update: z.ZodType;
  fixed?: Record<string, unknown>;
};

/** List, count, export, detail, create and edit of one finance resource, all behind the collecting feature. */
const registerResource = (fastify: FastifyInstance, r: Resource) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: r.path, entity: r.entity, roles: r.list, feature: COLLECTING });
  const tags = [r.entity.name];
  // Payout settings can be put under four eyes (issue 35): an approval applies the change as sent.
  const { description, accepted } = governedSchema(r.path);
  const create = (db: typeof app.db, actor: Actor, body: Record<string, unknown>) =>
    createFinanceObject(db, actor, r.kind, r.entity, r.path, { ...body, ...r.fixed });
  const update = (db: typeof app.db, actor: Actor, id: string, body: Record<string, unknown>) =>
    updateFinanceObject(db, actor, r.kind, r.entity, r.path, id, body);
  registerReplayable(r.path, { roles: { create: r.edit, update: r.edit }, create, update });
  app.post(`/v1/${r.path}`, {
    config: { access: { roles: r.edit, feature: COLLECTING } },
    schema: { tags, description, body: r.create, response: { 201: r.entity.row, ...accepted } },
    handler: async (request, reply) =>
      reply.status(201).send(await create(app.db, actorOf(request), request.body as Record<string, unknown>)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: `/v1/${r.path}/:id`,
    config: { access: { roles: r.edit, feature: COLLECTING } },
    schema: { tags, description, params: ZIdParams, body: r.update, response: { 200: r.entity.row, ...accepted } },
    handler: (request) => update(app.db, actorOf(request), request.params.id, request.body as Record<string, unknown>),
  });
};

/** Pricing (`pricing/{type}`), packages, settlement schedules, settlement profiles and one-offs (payments.md §2, §6). */
export const financeConfigRoutes = async (app: FastifyInstance) => {
  for (const type of PRICING_SCHEME_TYPES) {
    registerResource(app, {
      path: `pricing/${type}`,
      kind: 'pricing_scheme',
      entity: pricingSchemeEntityOf(type),
      list: access.pricing[type],
      edit: access.pricingEdit[type],
      create: ZPricingSchemeCreate,
      update: ZPricingSchemeUpdate,
      fixed: { type },
    });
  }
  registerResource(app, {
    path: 'package',
    kind: 'package',
    entity: packageEntity,
    list: access.finance.packages,
    edit: access.financeEdit.packages,
    create: ZPackageCreate,
    update: ZPackageUpdate,
  });
  registerResource(app, {
    path: 'settlement-schedule',
    kind: 'settlement_schedule',
    entity: settlementScheduleEntity,
    list: access.finance.settlementSchedules,
    edit: access.financeEdit.settlementSchedules,
    create: ZSettlementScheduleCreate,
    update: ZSettlementScheduleUpdate,
  });
  registerResource(app, {
    path: 'settlement-profile',
    kind: 'settlement_profile',
    entity: settlementProfileEntity,
    list: access.finance.settlementProfiles,
    edit: access.financeEdit.settlementProfiles,
    create: ZSettlementProfileCreate,
    update: ZSettlementProfileUpdate,
  });
  registerResource(app, {
    path: 'one-off',
    kind: 'one_off',
    entity: oneOffEntity,
    list: access.finance.oneOffs,
    edit: access.financeEdit.oneOffs,
    create: ZOneOffCreate,
    update: ZOneOffUpdate,
  });
};
