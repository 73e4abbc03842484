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
import { registerCrud } from '../../query/crud.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { actorOf } from '../../plugins/actor.ts';
import { createDiscount, deleteDiscount, discountWrite, updateDiscount } from './discount.service.ts';
import { createPlan, deletePlan, planWrite, updatePlan } from './plan.service.ts';
import { subscriptionEntity } from './recurring.entities.ts';
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

  registerCrud(app, {
    write: planWrite,
    roles: access.plan,
    schemas: { create: ZPlanCreate, update: ZPlanUpdate },
    create: createPlan,
    update: updatePlan,
    remove: deletePlan,
  });
  registerCrud(app, {
    write: discountWrite,
    roles: access.subscriptionDiscount,
    schemas: { create: ZSubscriptionDiscountCreate, update: ZSubscriptionDiscountUpdate },
    create: createDiscount,
    update: updateDiscount,
    remove: deleteDiscount,
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
