import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, ZSettlementUpdateCreate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { settlementUpdateEntity } from './settlement-update.entity.ts';
import { createSettlementUpdate } from './settlement-update.service.ts';

/** admin/settlement-updates (PSP_SUPER): list, detail (polled with `_populate=processor_settlement`) and create. A reversal is a new update with the old last. */
export const settlementUpdateRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'settlementupdate', entity: settlementUpdateEntity, roles: access.admin });
  app.post('/v1/settlementupdate', {
    config: { access: { roles: access.admin } },
    schema: { tags: ['admin'], body: ZSettlementUpdateCreate, response: { 201: settlementUpdateEntity.row } },
    handler: async (request, reply) =>
      reply.status(201).send(await createSettlementUpdate(app.db, actorOf(request), request.body)),
  });
};
