import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZOrganisationCreate, ZOrganisationUpdate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import type { RowOf } from '../../query/entity.ts';
import { createOrganisation, updateOrganisation } from './organisation.service.ts';
import { organisationEntity } from './settings.entities.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Creating and editing organisations (risk-config.md §2.8, §5); the reads are in settings.routes.ts. */
export const organisationRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/v1/organisation', {
    config: { access: { roles: access.organisation.create } },
    schema: { tags: ['organisation'], body: ZOrganisationCreate, response: { 201: organisationEntity.row } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send((await createOrganisation(app.db, actorOf(request), request.body)) as RowOf<typeof organisationEntity>),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/organisation/:id',
    config: { access: { roles: access.organisation.update } },
    schema: {
      tags: ['organisation'],
      description: 'A new `parent` moves a sub-organisation with its subtree (within its merchant).',
      params: ZIdParams,
      body: ZOrganisationUpdate,
      response: { 200: organisationEntity.row },
    },
    handler: async (request) =>
      (await updateOrganisation(app.db, actorOf(request), request.params.id, request.body)) as RowOf<
        typeof organisationEntity
      >,
  });
};
