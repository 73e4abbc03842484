import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZLoginBody, ZMe } from '@kassa/domain';
import { authOf, SESSION_COOKIE } from '../../plugins/auth-context.ts';
import * as auth from './auth.service.ts';

export const authRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: app.config.nodeEnv === 'production' };

  app.post('/v1/auth/login', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: ZLoginBody, response: { 200: ZMe, 401: ZErrorBody } },
    handler: async (request, reply) => {
      const { token, userId } = await auth.login(
        app.db,
        { ...request.body, absoluteSeconds: app.config.sessionAbsoluteSeconds },
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      );
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return auth.me(app.db, userId);
    },
  });

  app.get('/v1/auth/me', {
    config: { access: { roles: [] } },
    schema: { tags: ['auth'], response: { 200: ZMe } },
    handler: (request) => auth.me(app.db, authOf(request).userId),
  });

  app.post('/v1/auth/logout', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], response: { 200: z.object({ ok: z.boolean() }) } },
    handler: async (request, reply) => {
      if (request.auth) await auth.logout(app.db, request.auth.sessionHash);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { ok: true };
    },
  });
};
