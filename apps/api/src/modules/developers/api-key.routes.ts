import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZApiKeyCreate, ZApiKeyCreated } from '@kassa/domain';
import { personActorOf } from '../../plugins/actor.ts';
import type { RowOf } from '../../query/entity.ts';
import { HttpError } from '../../lib/http-error.ts';
import { registerReplayable } from '../../query/crud.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { apiKeyEntity } from './api-key.entity.ts';
import { createApiKey, revokeApiKey, settleApiKey } from './api-key.service.ts';

const notReplayed = async (): Promise<never> => {
  throw new HttpError(409, 'not_pending', 'A key is made when asked; its approval only makes it work');
};

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const FOUR_EYES_KEY =
  'Under the four-eyes policy of the organisation (kind `apikey`, `GET /v1/changepolicy`) the key is made and shown here once, but answers 401 until a second person approves its change request (`change_request` in the answer; the header `Kassa-Change-Note` is required); a rejection revokes it.';

/** API keys: the provider's `psp/api-keys` and a merchant's API settings share these calls; tenancy tells them apart. */
export const apiKeyRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'apikey',
    entity: apiKeyEntity,
    roles: [...access.apiKey.list, ...access.merchantApiKey.list],
  });
  const creators = [...access.apiKey.create, ...access.merchantApiKey.create];
  // Under four eyes a key is made and shown at once and works once approved (decisions.md, issue 35).
  registerReplayable('apikey', {
    roles: { create: creators, update: creators },
    create: notReplayed,
    update: notReplayed,
    settle: settleApiKey,
  });
  app.post('/v1/apikey', {
    config: { access: { roles: creators } },
    schema: {
      tags: ['apikey'],
      description: `Creates a key; the answer is the only time \`key\` is shown. ${FOUR_EYES_KEY}`,
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
