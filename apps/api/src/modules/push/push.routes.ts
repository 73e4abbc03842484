import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  ZPushPreferences,
  ZPushSendOutcome,
  ZPushState,
  ZPushSubscription,
  ZPushUnsubscribe,
} from '@kassa/domain';
import { authOf } from '../../plugins/auth-context.ts';
import { pushMessage } from './push-messages.ts';
import * as repo from './push.repository.ts';
import { pushState, sendToSubscriptions, subscribe } from './push.service.ts';
import { notFoundAt } from '../../lib/http-error.ts';

/** Push notifications of the signed-in user: the VAPID key, this browser's subscription, the picked events, a test. */
export const pushRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const roles = access.signedIn;
  app.get('/v1/push', {
    config: { access: { roles } },
    schema: { tags: ['push'], response: { 200: ZPushState } },
    handler: (request) => pushState(app.db, app.config, authOf(request).userId),
  });
  app.post('/v1/push/subscription', {
    config: { access: { roles } },
    schema: { tags: ['push'], body: ZPushSubscription, response: { 200: ZPushState } },
    handler: async (request) => {
      await subscribe(app.db, app.config, authOf(request).userId, request.body, request.headers['user-agent'] ?? null);
      return pushState(app.db, app.config, authOf(request).userId);
    },
  });
  app.post('/v1/push/subscription/remove', {
    config: { access: { roles } },
    schema: { tags: ['push'], body: ZPushUnsubscribe, response: { 200: ZPushState } },
    handler: async (request) => {
      if (!(await repo.deleteSubscription(app.db, authOf(request).userId, request.body.endpoint)))
        throw notFoundAt('body.endpoint', 'Subscription');
      return pushState(app.db, app.config, authOf(request).userId);
    },
  });
  app.post('/v1/push/preferences', {
    config: { access: { roles } },
    schema: { tags: ['push'], body: ZPushPreferences, response: { 200: ZPushState } },
    handler: async (request) => {
      await repo.setEvents(app.db, authOf(request).userId, [...new Set(request.body.events)]);
      return pushState(app.db, app.config, authOf(request).userId);
    },
  });
  app.post('/v1/push/test', {
    config: { access: { roles } },
    schema: { tags: ['push'], response: { 200: ZPushSendOutcome } },
    handler: async (request) => {
      const userId = authOf(request).userId;
      return sendToSubscriptions(app.db, app.config, await repo.subscriptionsOfUser(app.db, userId), (language) =>
        pushMessage(language, { event: 'test', id: userId }),
      );
    },
  });
};
