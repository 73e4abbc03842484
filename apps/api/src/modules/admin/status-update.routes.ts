import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZStatusUpdateCreate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import type { RowOf } from '../../query/entity.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { statusUpdateEntity } from './status-update.entity.ts';
import { createStatusUpdate, reverseStatusUpdate } from './status-update.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** admin/status-updates (PSP_SUPER): list, detail, create, and reverse the newest update of an item. */
export const statusUpdateRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'statusupdate', entity: statusUpdateEntity, roles: access.admin });
  app.post('/v1/statusupdate', {
    config: { access: { roles: access.admin } },
    schema: { tags: ['admin'], body: ZStatusUpdateCreate, response: { 201: statusUpdateEntity.row } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send((await createStatusUpdate(app.db, actorOf(request), request.body)) as RowOf<typeof statusUpdateEntity>),
  });
  app.post('/v1/statusupdate/:id/reverse', {
    config: { access: { roles: access.admin } },
    schema: { tags: ['admin'], params: ZIdParams, response: { 201: statusUpdateEntity.row } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          (await reverseStatusUpdate(app.db, actorOf(request), request.params.id)) as RowOf<typeof statusUpdateEntity>,
        ),
  });
};
