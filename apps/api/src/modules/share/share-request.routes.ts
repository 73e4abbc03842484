import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZShareRequestAnswer, ZShareRequestCreate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import {
  answerShareRequest,
  cancelShareRequest,
  createShareRequest,
  revokeShareRequest,
  shareRequestEntity,
} from './share-request.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['share_request'];

/**
 * Share credentials: the provider requests (`POST /v1/sharerequest`, PSP_SHARE_*), the merchant
 * shares or revokes (`…/{id}/share`, `…/{id}/revoke`, SHARE_*); both sides read the list.
 */
export const shareRequestRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'sharerequest', entity: shareRequestEntity, roles: access.shareAny });
  app.post('/v1/sharerequest', {
    config: { access: { roles: access.pspShare.create } },
    schema: { tags, body: ZShareRequestCreate, response: { 201: shareRequestEntity.row } },
    handler: async (request, reply) =>
      reply.status(201).send(await createShareRequest(app.db, actorOf(request), request.body)),
  });
  app.post('/v1/sharerequest/:id/share', {
    config: { access: { roles: access.share.update } },
    schema: {
      tags,
      description: 'The merchant fills in every requested credential; values are sealed and never answered.',
      params: ZIdParams,
      body: ZShareRequestAnswer,
      response: { 200: shareRequestEntity.row },
    },
    handler: (request) => answerShareRequest(app.db, actorOf(request), request.params.id, request.body),
  });
  app.post('/v1/sharerequest/:id/revoke', {
    config: { access: { roles: access.share.update } },
    schema: { tags, params: ZIdParams, response: { 200: shareRequestEntity.row } },
    handler: (request) => revokeShareRequest(app.db, actorOf(request), request.params.id),
  });
  app.post('/v1/sharerequest/:id/cancel', {
    config: { access: { roles: access.pspShare.create } },
    schema: { tags, params: ZIdParams, response: { 200: shareRequestEntity.row } },
    handler: (request) => cancelShareRequest(app.db, actorOf(request), request.params.id),
  });
};
