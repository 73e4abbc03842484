import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZWebhookCreate, ZWebhookSecret, ZWebhookSecretRotate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import type { RowOf } from '../../query/entity.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { webhookEntity } from './webhook.entity.ts';
import { resendWebhook, rotateWebhookSecret, sendTestWebhook } from './webhook.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const listRoles = [...access.webhook.list, ...access.pspWebhook.list];
const createRoles = [...access.webhook.create, 'PSP_ALL'];

/** Webhooks: a merchant's list and webhook testing, and the provider's list; tenancy tells them apart. */
export const webhookRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'webhook', entity: webhookEntity, roles: listRoles });
  app.post('/v1/webhook', {
    config: { access: { roles: createRoles } },
    schema: {
      tags: ['webhook'],
      description: "Sends a test webhook now; the answer holds the receiver's reply in `history`.",
      body: ZWebhookCreate,
      response: { 201: webhookEntity.row },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          (await sendTestWebhook(app.db, app.config, actorOf(request), request.body)) as RowOf<typeof webhookEntity>,
        ),
  });
  app.post('/v1/webhook/:id/resend', {
    config: { access: { roles: createRoles } },
    schema: { tags: ['webhook'], params: ZIdParams, response: { 200: webhookEntity.row } },
    handler: async (request) =>
      (await resendWebhook(app.db, app.config, actorOf(request), request.params.id)) as RowOf<typeof webhookEntity>,
  });
  app.post('/v1/webhook/secret', {
    config: { access: { roles: createRoles } },
    schema: {
      tags: ['webhook'],
      description:
        "Creates or rotates the named organisation's own signing secret for a URL; the answer is the only time `secret` is shown.",
      body: ZWebhookSecretRotate,
      response: { 200: ZWebhookSecret },
    },
    handler: async (request) => rotateWebhookSecret(app.db, actorOf(request), request.body),
  });
};
