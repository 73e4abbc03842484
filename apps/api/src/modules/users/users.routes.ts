import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZErrorBody, ZUserCreateBody, ZUserUpdateBody } from '@kassa/domain';
import { personActorOf } from '../../plugins/actor.ts';
import { governedSchema, registerReplayable } from '../../query/crud.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import * as users from './users.service.ts';

const ZId = z.object({ id: z.string().min(1).max(64) });
const GRANT_RULE =
  'A change is governed (kind `user`, `psp/user`) only when it gives an administrative role (any `…_ALL`, `PSP`, `PSP_SUPER`, or a role managing users, API keys or change control); taking roles away never waits.';

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
    // Granting an administrative role waits for a second person under the policy (issue 35); the approver applies it.
    const grant = governedSchema(path, GRANT_RULE);
    registerReplayable(path, {
      roles: { create: roles.create, update: roles.update },
      schemas: { create: ZUserCreateBody, update: ZUserUpdateBody },
      create: (db, actor, body) =>
        users.createUser(db, side, body as z.infer<typeof ZUserCreateBody>, { actor, publicUrl: app.config.publicUrl }),
      update: (db, actor, id, body) =>
        users.updateUser(db, side, id, body as z.infer<typeof ZUserUpdateBody>, {
          actor,
          publicUrl: app.config.publicUrl,
        }),
    });

    app.post(`/v1/${path}`, {
      config: { access: { roles: roles.create } },
      schema: {
        tags,
        description: `Creates the user and mails the default welcome mail with a set-password link (24 hours). ${grant.description}`,
        body: ZUserCreateBody,
        response: { 200: users.entityOf(side).row, 400: ZErrorBody, 404: ZErrorBody, ...grant.accepted },
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
          description: grant.description,
          body: ZUserUpdateBody,
          params: ZId,
          response: { 200: users.entityOf(side).row, 400: ZErrorBody, 404: ZErrorBody, ...grant.accepted },
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
