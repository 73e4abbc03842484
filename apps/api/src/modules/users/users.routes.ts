import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZErrorBody, ZUserCreateBody, ZUserUpdateBody } from '@kassa/domain';
import { personActorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import * as users from './users.service.ts';

const ZId = z.object({ id: z.string().min(1).max(64) });

/**
 * Platform users (`/v1/user…`, PLATFORMUSER_*) and provider users (`/v1/psp/user…`, PSP_USER_*):
 * lists through the query layer, changes through the rules in users.service.ts.
 */
export const usersRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sides = [
    { side: 'platform' as const, path: 'user', roles: access.platformUser },
    { side: 'psp' as const, path: 'psp/user', roles: access.pspUser },
  ];
  for (const { side, path, roles } of sides) {
    const tags = [side === 'psp' ? 'psp_user' : 'user'];
    const ctx = (request: FastifyRequest) => ({ actor: personActorOf(request), publicUrl: app.config.publicUrl });
    registerReadRoutes(app, { path, entity: users.entityOf(side), roles: roles.list });

    app.post(`/v1/${path}`, {
      config: { access: { roles: roles.create } },
      schema: {
        tags,
        description: 'Creates the user and mails the default welcome mail with a set-password link (24 hours).',
        body: ZUserCreateBody,
        response: { 200: users.entityOf(side).row, 400: ZErrorBody, 404: ZErrorBody },
      },
      handler: (request) => users.createUser(app.db, side, request.body, ctx(request)),
    });
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: `/v1/${path}/:id`,
        config: { access: { roles: roles.update } },
        schema: {
          tags,
          body: ZUserUpdateBody,
          params: ZId,
          response: { 200: users.entityOf(side).row, 400: ZErrorBody, 404: ZErrorBody },
        },
        handler: (request) => users.updateUser(app.db, side, request.params.id, request.body, ctx(request)),
      });
    }
    const actions = {
      disable: (request: FastifyRequest<{ Params: { id: string } }>) =>
        users.setStatus(app.db, side, request.params.id, 'disabled', ctx(request)),
      enable: (request: FastifyRequest<{ Params: { id: string } }>) =>
        users.setStatus(app.db, side, request.params.id, 'active', ctx(request)),
      'reset-mfa': (request: FastifyRequest<{ Params: { id: string } }>) =>
        users.resetMfa(app.db, side, request.params.id, ctx(request)),
      'resend-welcome': (request: FastifyRequest<{ Params: { id: string } }>) =>
        users.resendWelcome(app.db, side, request.params.id, ctx(request)),
    };
    for (const [action, handler] of Object.entries(actions)) {
      app.post(`/v1/${path}/:id/${action}`, {
        config: { access: { roles: roles.update } },
        schema: {
          tags,
          params: ZId,
          response: { 200: users.entityOf(side).row, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
        },
        handler,
      });
    }
  }
};
