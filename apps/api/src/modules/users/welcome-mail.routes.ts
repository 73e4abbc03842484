import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZErrorBody, ZOk, ZWelcomeMailBody, ZWelcomeMailUpdate } from '@kassa/domain';
import { personActorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { welcomeMailEntity } from './welcome-mail.entity.ts';
import * as welcome from './welcome-mail.service.ts';

const ZId = z.object({ id: z.string().min(1).max(64) });

/** `/v1/psp/welcome-mail…`: the templates of risk-config.md §2.11. */
export const welcomeMailRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['welcome_mail'];
  const ctx = (request: FastifyRequest) => ({ actor: personActorOf(request), publicUrl: app.config.publicUrl });
  registerReadRoutes(app, { path: 'psp/welcome-mail', entity: welcomeMailEntity, roles: access.welcomeMail.list });

  app.post('/v1/psp/welcome-mail', {
    config: { access: { roles: [...access.welcomeMail.create, ...access.welcomeMail.update] } },
    schema: {
      tags,
      description: 'Creates a template, or updates it when the body carries an id (upsert). Content is sanitised.',
      body: ZWelcomeMailBody,
      response: { 200: welcomeMailEntity.row, 400: ZErrorBody, 404: ZErrorBody },
    },
    handler: (request) => welcome.upsertWelcomeMail(app.db, request.body, ctx(request)),
  });
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/v1/psp/welcome-mail/:id',
      config: { access: { roles: access.welcomeMail.update } },
      schema: {
        tags,
        params: ZId,
        body: ZWelcomeMailUpdate,
        response: { 200: welcomeMailEntity.row, 400: ZErrorBody, 404: ZErrorBody },
      },
      handler: (request) => welcome.upsertWelcomeMail(app.db, { ...request.body, id: request.params.id }, ctx(request)),
    });
  }
  app.delete('/v1/psp/welcome-mail/:id', {
    config: { access: { roles: access.welcomeMail.delete } },
    schema: { tags, params: ZId, response: { 200: ZOk, 404: ZErrorBody } },
    handler: async (request) => {
      await welcome.deleteWelcomeMail(app.db, request.params.id, ctx(request));
      return { ok: true };
    },
  });
  app.post('/v1/psp/welcome-mail/:id/preview', {
    config: { access: { roles: access.welcomeMail.list } },
    schema: {
      tags,
      description: 'Mails the template to the signed-in user.',
      params: ZId,
      response: { 200: ZOk, 404: ZErrorBody },
    },
    handler: async (request) => {
      await welcome.sendWelcomePreview(app.db, request.params.id, ctx(request));
      return { ok: true };
    },
  });
};
