import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  ZBacktestResult,
  ZRoutingBacktest,
  ZRoutingCreate,
  ZRoutingUpdate,
  ZRulesetBacktest,
  ZRulesetCreate,
  ZRulesetUpdate,
  ZTagCreate,
  ZTagUpdate,
  type RoleList,
} from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { authOf } from '../../plugins/auth-context.ts';
import type { Db, Row } from '../../plugins/db/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import { getEntity, listEntity } from '../../query/repository.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import type { EntityDef } from '../../query/entity.ts';
import { auditTrailEntity } from './audit-trail.entity.ts';
import { backtestRouting, backtestRuleset } from './backtest.service.ts';
import { configVersionEntity, routingEntity, rulesetEntity } from './risk.entities.ts';
import { createRouting, deleteRouting, rollbackRouting, updateRouting } from './routing.service.ts';
import { createRuleset, deleteRuleset, rollbackRuleset, updateRuleset } from './ruleset.service.ts';
import { createTag, deleteTag, updateTag } from './tag.service.ts';
import { tagEntity } from '../settings/tag.entity.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const ZVersionParams = ZIdParams.extend({ version: z.coerce.number().int().min(1) });
const mccCodes = createRequire(import.meta.url)('mcc/mcc_codes.json') as { mcc: string; edited_description: string }[];

type Crud<C, U> = {
  path: string;
  entity: EntityDef;
  roles: { list: RoleList; create: RoleList; update: RoleList; delete: RoleList };
  create: (db: Db, actor: Actor, body: C) => Promise<Row>;
  update: (db: Db, actor: Actor, id: string, body: U) => Promise<Row>;
  remove: (db: Db, actor: Actor, id: string) => Promise<void>;
  rollback?: (db: Db, actor: Actor, id: string, version: number) => Promise<Row>;
  /** False where another module already serves the reads. */
  registerRead?: boolean;
};

/** Create, update (POST or PUT), delete, and for versioned items the history and rollback. */
const registerCrud = <C, U>(
  fastify: FastifyInstance,
  schemas: { create: z.ZodType<C>; update: z.ZodType<U> },
  crud: Crud<C, U>,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [crud.entity.name];
  if (crud.registerRead !== false)
    registerReadRoutes(app, { path: crud.path, entity: crud.entity, roles: crud.roles.list });
  app.post(`/v1/${crud.path}`, {
    config: { access: { roles: crud.roles.create } },
    schema: { tags, body: schemas.create, response: { 201: crud.entity.row } },
    handler: async (request, reply) =>
      reply.status(201).send(await crud.create(app.db, actorOf(request), request.body as C)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: `/v1/${crud.path}/:id`,
    config: { access: { roles: crud.roles.update } },
    schema: { tags, params: ZIdParams, body: schemas.update, response: { 200: crud.entity.row } },
    handler: (request) =>
      crud.update(app.db, actorOf(request), (request.params as { id: string }).id, request.body as U),
  });
  app.delete(`/v1/${crud.path}/:id`, {
    config: { access: { roles: crud.roles.delete } },
    schema: { tags, params: ZIdParams },
    handler: async (request, reply) => {
      await crud.remove(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
  const rollback = crud.rollback;
  if (!rollback) return;
  app.get(`/v1/${crud.path}/:id/versions`, {
    config: { access: { roles: crud.roles.list } },
    schema: {
      tags,
      description: 'Every saved version, newest first, with who, when and the diff to the one before.',
      params: ZIdParams,
      response: { 200: z.array(configVersionEntity.row) },
    },
    handler: async (request) => {
      const scope = authOf(request).scope;
      await getEntity(app.db, crud.entity, scope, request.params.id);
      return listEntity(app.db, configVersionEntity, scope, {
        entity_id: request.params.id,
        _sort: '-version',
        _limit: '100',
      });
    },
  });
  app.post(`/v1/${crud.path}/:id/rollback/:version`, {
    config: { access: { roles: crud.roles.update } },
    schema: {
      tags,
      description: 'Restores an earlier version; the restore is recorded as a new version.',
      params: ZVersionParams,
      response: { 200: crud.entity.row },
    },
    handler: (request) => rollback(app.db, actorOf(request), request.params.id, request.params.version),
  });
};

/** Intelligent routing, validation rulesets and tags (risk-config.md §2.3–§2.6, §3, §7), with backtests and history. */
export const riskRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { risk } = access;

  registerCrud(
    app,
    { create: ZRoutingCreate, update: ZRoutingUpdate },
    {
      path: 'routing',
      entity: routingEntity,
      roles: { list: risk.routing, create: risk.routingCreate, update: risk.routingUpdate, delete: risk.routingDelete },
      create: createRouting,
      update: updateRouting,
      remove: deleteRouting,
      rollback: rollbackRouting,
    },
  );
  registerCrud(
    app,
    { create: ZRulesetCreate, update: ZRulesetUpdate },
    {
      path: 'validationruleset',
      entity: rulesetEntity,
      roles: {
        list: risk.rulesets,
        create: risk.rulesetCreate,
        update: risk.rulesetUpdate,
        delete: risk.rulesetDelete,
      },
      create: createRuleset,
      update: updateRuleset,
      remove: deleteRuleset,
      rollback: rollbackRuleset,
    },
  );
  // Tags are read through settings' `GET /v1/tag` (transaction roles may read them too); here they are written.
  registerCrud(
    app,
    { create: ZTagCreate, update: ZTagUpdate },
    {
      path: 'tag',
      entity: tagEntity,
      roles: { list: access.tag.list, create: access.tag.create, update: access.tag.update, delete: access.tag.delete },
      registerRead: false,
      create: createTag,
      update: updateTag,
      remove: deleteTag,
    },
  );

  app.post('/v1/routing/backtest', {
    config: { access: { roles: [...risk.routingCreate, ...risk.routingUpdate] } },
    schema: {
      tags: ['routing'],
      description: 'Replays a draft tree over the last 30 days of the organisation’s transactions.',
      body: ZRoutingBacktest,
      response: { 200: ZBacktestResult },
    },
    handler: (request) => backtestRouting(app.db, actorOf(request), request.body),
  });
  app.post('/v1/validationruleset/backtest', {
    config: { access: { roles: [...risk.rulesetCreate, ...risk.rulesetUpdate] } },
    schema: {
      tags: ['validationruleset'],
      description: 'Replays a draft ruleset over the last 30 days of the organisation’s transactions.',
      body: ZRulesetBacktest,
      response: { 200: ZBacktestResult },
    },
    handler: (request) => backtestRuleset(app.db, actorOf(request), request.body),
  });

  // The audit trail viewer (§2.7): list, count, export and one item; the rows themselves are append-only.
  registerReadRoutes(app, {
    path: 'psp/audittrail',
    entity: auditTrailEntity,
    roles: access.auditTrail.list,
    exportFields: [
      'created_at',
      'route',
      'type',
      'authentication',
      'user_name',
      'response_code',
      'origin',
      'transaction',
    ],
  });

  // The MCC list of the mcc rule (§7 "MCC list is loaded for the mcc rule").
  app.get('/v1/mcc', {
    config: { access: { roles: [...risk.routing, ...risk.rulesets] } },
    schema: { tags: ['routing'], response: { 200: z.array(z.object({ code: z.string(), description: z.string() })) } },
    handler: (_request, reply) => {
      reply.header('cache-control', 'private, max-age=86400');
      return mccCodes.map((m) => ({ code: m.mcc, description: m.edited_description }));
    },
  });
};
