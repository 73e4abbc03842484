import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  ZPlanCreate,
  ZPlanUpdate,
  ZSubscriptionCreate,
  ZSubscriptionDiscountCreate,
  ZSubscriptionDiscountUpdate,
  ZSubscriptionUpdate,
} from '@kassa/domain';
import { registerReadRoutes } from '../../query/routes.ts';
import { actorOf } from '../../plugins/actor.ts';
import { createDiscount, deleteDiscount, updateDiscount } from './discount.service.ts';
import { createPlan, deletePlan, updatePlan } from './plan.service.ts';
import { planEntity, subscriptionDiscountEntity, subscriptionEntity } from './recurring.entities.ts';
import { billingRunRoutes } from './billing.routes.ts';
import {
  addDiscount,
  createSubscription,
  deleteSubscription,
  removeDiscount,
  updateSubscription,
} from './subscription.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Plans, subscription discounts and subscriptions (payments.md §2, §5, §7). */
export const recurringRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerReadRoutes(app, { path: 'plan', entity: planEntity, roles: access.plan.list });
  app.post('/v1/plan', {
    config: { access: { roles: access.plan.create } },
    schema: { tags: ['plan'], body: ZPlanCreate, response: { 201: planEntity.row } },
    handler: async (request, reply) => reply.status(201).send(await createPlan(app.db, actorOf(request), request.body)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/plan/:id',
    config: { access: { roles: access.plan.update } },
    schema: { tags: ['plan'], params: ZIdParams, body: ZPlanUpdate, response: { 200: planEntity.row } },
    handler: (request) => updatePlan(app.db, actorOf(request), request.params.id, request.body),
  });
  app.delete('/v1/plan/:id', {
    config: { access: { roles: access.plan.delete } },
    schema: { tags: ['plan'], params: ZIdParams },
    handler: async (request, reply) => {
      await deletePlan(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  registerReadRoutes(app, {
    path: 'subscription-discount',
    entity: subscriptionDiscountEntity,
    roles: access.subscriptionDiscount.list,
  });
  app.post('/v1/subscription-discount', {
    config: { access: { roles: access.subscriptionDiscount.create } },
    schema: {
      tags: ['subscription_discount'],
      body: ZSubscriptionDiscountCreate,
      response: { 201: subscriptionDiscountEntity.row },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createDiscount(app.db, actorOf(request), request.body)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/subscription-discount/:id',
    config: { access: { roles: access.subscriptionDiscount.update } },
    schema: {
      tags: ['subscription_discount'],
      params: ZIdParams,
      body: ZSubscriptionDiscountUpdate,
      response: { 200: subscriptionDiscountEntity.row },
    },
    handler: (request) => updateDiscount(app.db, actorOf(request), request.params.id, request.body),
  });
  app.delete('/v1/subscription-discount/:id', {
    config: { access: { roles: access.subscriptionDiscount.delete } },
    schema: { tags: ['subscription_discount'], params: ZIdParams },
    handler: async (request, reply) => {
      await deleteDiscount(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  await app.register(billingRunRoutes);
  registerReadRoutes(app, { path: 'subscription', entity: subscriptionEntity, roles: access.subscription.list });
  app.post('/v1/subscription', {
    config: { access: { roles: access.subscription.create } },
    schema: { tags: ['subscription'], body: ZSubscriptionCreate, response: { 201: subscriptionEntity.row } },
    handler: async (request, reply) =>
      reply.status(201).send(await createSubscription(app.db, app.config, actorOf(request), request.body)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/subscription/:id',
    config: { access: { roles: access.subscription.update } },
    schema: {
      tags: ['subscription'],
      description: 'Only max_billing_cycle can change (payments.md §5).',
      params: ZIdParams,
      body: ZSubscriptionUpdate,
      response: { 200: subscriptionEntity.row },
    },
    handler: (request) => updateSubscription(app.db, actorOf(request), request.params.id, request.body),
  });
  app.delete('/v1/subscription/:id', {
    config: { access: { roles: access.subscription.delete } },
    schema: {
      tags: ['subscription'],
      description: 'Deletes a subscription never billed; cancels any other running one.',
      params: ZIdParams,
      response: { 200: z.object({ id: z.string(), result: z.enum(['deleted', 'cancelled']) }) },
    },
    handler: (request) => deleteSubscription(app.db, actorOf(request), request.params.id),
  });

  const ZDiscountParams = z.object({
    subscriptionId: z.string().min(1).max(64),
    discountId: z.string().min(1).max(64),
  });
  app.post('/v1/subscription/:subscriptionId/add-discount/:discountId', {
    config: { access: { roles: access.subscription.update } },
    schema: { tags: ['subscription'], params: ZDiscountParams, response: { 200: subscriptionEntity.row } },
    handler: (request) =>
      addDiscount(app.db, actorOf(request), request.params.subscriptionId, request.params.discountId),
  });
  app.delete('/v1/subscription/:subscriptionId/remove-attached-discount/:discountId', {
    config: { access: { roles: access.subscription.update } },
    schema: { tags: ['subscription'], params: ZDiscountParams, response: { 200: subscriptionEntity.row } },
    handler: (request) =>
      removeDiscount(app.db, actorOf(request), request.params.subscriptionId, request.params.discountId),
  });
};
