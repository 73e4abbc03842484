import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZForgotPasswordBody, ZOk, ZUpdateEmailBody, ZUpdatePasswordBody } from '@kassa/domain';
import { clientOf } from './auth.routes.ts';
import * as passwords from './password.service.ts';

/** The links mailed for a forgotten password, a welcome and an e-mail change. */
export const passwordRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/v1/auth/forgot-password', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      description:
        'Mails a reset link (valid 1 hour) when the account exists and is active; the answer is the same either way.',
      body: ZForgotPasswordBody,
      response: { 200: ZOk, 429: ZErrorBody },
    },
    handler: async (request) => {
      await passwords.forgotPassword(app.db, request.body.email, clientOf(request));
      return { ok: true };
    },
  });

  app.post('/v1/auth/update-password', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      description: 'Sets the password with a reset or welcome token; errors name body.token or body.password.',
      body: ZUpdatePasswordBody,
      response: { 200: ZOk, 400: ZErrorBody },
    },
    handler: async (request) => {
      await passwords.updatePasswordWithToken(app.db, request.body, clientOf(request));
      return { ok: true };
    },
  });

  app.post('/v1/auth/update-email', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      description:
        'Confirms an e-mail change with the token mailed to the new address; errors name body.token or body.email.',
      body: ZUpdateEmailBody,
      response: { 200: ZOk, 400: ZErrorBody },
    },
    handler: async (request) => {
      await passwords.updateEmailWithToken(app.db, request.body, clientOf(request));
      return { ok: true };
    },
  });
};
