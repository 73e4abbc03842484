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
import type { Db } from '../../plugins/db/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import { getEntity, listEntity } from '../../query/repository.ts';
import { registerCrud } from '../../query/crud.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import type { EntityDef } from '../../query/entity.ts';
import { auditTrailEntity } from './audit-trail.entity.ts';
import { backtestRouting, backtestRuleset } from './backtest.service.ts';
import { configVersionEntity, routingEntity, rulesetEntity } from './risk.entities.ts';
import { createRouting, deleteRouting, rollbackRouting, routingWrite, updateRouting } from './routing.service.ts';
import { createRuleset, deleteRuleset, rollbackRuleset, rulesetWrite, updateRuleset } from './ruleset.service.ts';
import { createTag, deleteTag, tagWrite, updateTag } from './tag.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const ZVersionParams = ZIdParams.extend({ version: z.coerce.number().int().min(1) });
const mccCodes = createRequire(import.meta.url)('mcc/mcc_codes.json') as { mcc: string; edited_description: string }[];

/** The history and rollback of a versioned item (routing, ruleset). */
const registerVersionRoutes = (
  fastify: FastifyInstance,
  options: {
    path: string;
    entity: EntityDef;
    roles: { list: RoleList; update: RoleList };
    rollback: (db: Db, actor: Actor, id: string, version: number) => Promise<Record<string, unknown>>;
  },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { path, entity, roles, rollback } = options;
  const tags = [entity.name];
  app.get(`/v1/${path}/:id/versions`, {
    config: { access: { roles: roles.list } },
    schema: {
      tags,
      description: 'Every saved version, newest first, with who, when and the diff to the one before.',
      params: ZIdParams,
      response: { 200: z.array(configVersionEntity.row) },
    },
    handler: async (request) => {
      const scope = authOf(request).scope;
      await getEntity(app.db, entity, scope, request.params.id);
      return listEntity(app.db, configVersionEntity, scope, {
        entity_id: request.params.id,
        _sort: '-version',
        _limit: '100',
      });
    },
  });
  app.post(`/v1/${path}/:id/rollback/:version`, {
    config: { access: { roles: roles.update } },
    schema: {
      tags,
      description: 'Restores an earlier version; the restore is recorded as a new version.',
      params: ZVersionParams,
      response: { 200: entity.row },
    },
    handler: (request) => rollback(app.db, actorOf(request), request.params.id, request.params.version),
  });
};

/** Intelligent routing, validation rulesets and tags (risk-config.md §2.3–§2.6, §3, §7), with backtests and history. */
export const riskRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { risk } = access;

  const routingRoles = {
    list: risk.routing,
    create: risk.routingCreate,
    update: risk.routingUpdate,
    delete: risk.routingDelete,
  };
  registerCrud(app, {
    write: routingWrite,
    roles: routingRoles,
    schemas: { create: ZRoutingCreate, update: ZRoutingUpdate },
    create: createRouting,
    update: updateRouting,
    remove: deleteRouting,
  });
  registerVersionRoutes(app, {
    path: 'routing',
    entity: routingEntity,
    roles: routingRoles,
    rollback: rollbackRouting,
  });
  const rulesetRoles = {
    list: risk.rulesets,
    create: risk.rulesetCreate,
    update: risk.rulesetUpdate,
    delete: risk.rulesetDelete,
  };
  registerCrud(app, {
    write: rulesetWrite,
    roles: rulesetRoles,
    schemas: { create: ZRulesetCreate, update: ZRulesetUpdate },
    create: createRuleset,
    update: updateRuleset,
    remove: deleteRuleset,
  });
  registerVersionRoutes(app, {
    path: 'validationruleset',
    entity: rulesetEntity,
    roles: rulesetRoles,
    rollback: rollbackRuleset,
  });
  // Tags are read through settings' `GET /v1/tag` (transaction roles may read them too); here they are written.
  registerCrud(app, {
    write: tagWrite,
    roles: { list: access.tag.list, create: access.tag.create, update: access.tag.update, delete: access.tag.delete },
    schemas: { create: ZTagCreate, update: ZTagUpdate },
    registerRead: false,
    create: createTag,
    update: updateTag,
    remove: deleteTag,
  });

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
