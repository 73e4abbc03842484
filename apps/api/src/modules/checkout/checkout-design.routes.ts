import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZCheckoutDesignCreate, ZCheckoutDesignUpdate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { checkoutDesignEntity } from './checkout-design.entity.ts';
import { createCheckoutDesign, updateCheckoutDesign } from './checkout-design.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Checkout designs (risk-config.md §2.12, §3): the look of the hosted payment page. */
export const checkoutDesignRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'checkoutdesign', entity: checkoutDesignEntity, roles: access.checkoutDesign.list });
  app.post('/v1/checkoutdesign', {
    config: { access: { roles: access.checkoutDesign.create } },
    schema: {
      tags: ['checkout_design'],
      description: 'Custom CSS is cleaned on the server (no @import, url() or script hooks).',
      body: ZCheckoutDesignCreate,
      response: { 201: checkoutDesignEntity.row },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createCheckoutDesign(app.db, actorOf(request), request.body)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/checkoutdesign/:id',
    config: { access: { roles: access.checkoutDesign.update } },
    schema: {
      tags: ['checkout_design'],
      params: ZIdParams,
      body: ZCheckoutDesignUpdate,
      response: { 200: checkoutDesignEntity.row },
    },
    handler: (request) => updateCheckoutDesign(app.db, actorOf(request), request.params.id, request.body),
  });
};
