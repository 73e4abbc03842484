import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZApiKeyCreate, ZApiKeyCreated } from '@kassa/domain';
import { personActorOf } from '../../plugins/actor.ts';
import type { RowOf } from '../../query/entity.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { apiKeyEntity } from './api-key.entity.ts';
import { createApiKey, revokeApiKey } from './api-key.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** API keys: the provider's `psp/api-keys` and a merchant's API settings share these calls; tenancy tells them apart. */
export const apiKeyRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'apikey',
    entity: apiKeyEntity,
    roles: [...access.apiKey.list, ...access.merchantApiKey.list],
  });
  app.post('/v1/apikey', {
    config: { access: { roles: [...access.apiKey.create, ...access.merchantApiKey.create] } },
    schema: {
      tags: ['apikey'],
      description: 'Creates a key; the answer is the only time `key` is shown.',
      body: ZApiKeyCreate,
      response: { 201: ZApiKeyCreated },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send((await createApiKey(app.db, personActorOf(request), request.body)) as z.infer<typeof ZApiKeyCreated>),
  });
  app.post('/v1/apikey/:id/revoke', {
    config: { access: { roles: [...access.apiKey.revoke, ...access.merchantApiKey.revoke] } },
    schema: { tags: ['apikey'], params: ZIdParams, response: { 200: apiKeyEntity.row } },
    handler: async (request) =>
      (await revokeApiKey(app.db, personActorOf(request), request.params.id)) as RowOf<typeof apiKeyEntity>,
  });
};
