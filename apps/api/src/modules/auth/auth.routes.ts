import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  ZErrorBody,
  ZLoginAnswer,
  ZLoginBody,
  ZMe,
  ZMfaBody,
  ZMfaEnrolled,
  ZMfaEnrolment,
  ZMfaRecoveryBody,
  ZMfaSetupConfirmBody,
  ZMfaSetupStartBody,
  ZModeBody,
  ZOk,
} from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { authOf, SESSION_COOKIE } from '../../plugins/auth-context.ts';
import * as auth from './auth.service.ts';
import * as mfa from './mfa-flow.service.ts';
import { TRUSTED_BROWSER_SECONDS } from './mfa.repository.ts';

/** The "remember me" cookie: sent only to the sign-in calls. */
export const TRUSTED_COOKIE = 'kassa_trusted';

export const clientOf = (request: FastifyRequest): auth.ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export const authRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: app.config.nodeEnv === 'production',
  };
  const absoluteSeconds = app.config.sessionAbsoluteSeconds;

  const signedIn = async (reply: FastifyReply, result: mfa.SignedIn) => {
    reply.setCookie(SESSION_COOKIE, result.token, cookieOptions);
    if (result.trustedToken) {
      reply.setCookie(TRUSTED_COOKIE, result.trustedToken, {
        ...cookieOptions,
        path: '/v1/auth',
        maxAge: TRUSTED_BROWSER_SECONDS,
      });
    }
    return auth.me(app.db, result.userId);
  };

  app.post('/v1/auth/login', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], body: ZLoginBody, response: { 200: ZLoginAnswer, 401: ZErrorBody, 429: ZErrorBody } },
    handler: async (request, reply) => {
      const outcome = await auth.login(
        app.db,
        { ...request.body, absoluteSeconds, trustedToken: request.cookies[TRUSTED_COOKIE] },
        clientOf(request),
      );
      reply.setCookie(SESSION_COOKIE, outcome.token, cookieOptions);
      if (outcome.kind === 'mfa')
        return { mfa_required: true as const, mfa_token: outcome.mfaToken, mfa_type: outcome.mfaType };
      if (outcome.kind === 'setup')
        return { mfa_setup_required: true as const, required_type: outcome.requiredType, token: outcome.setupToken };
      return auth.me(app.db, outcome.userId);
    },
  });

  app.post('/v1/auth/mfa', {
    config: { access: { roles: access.signedIn, allowMfaPending: true } },
    schema: {
      tags: ['auth'],
      description:
        'The second sign-in step: the code from the authenticator app or the e-mail. 10 wrong codes in a row, across sign-ins, lock the account for 30 minutes (401 account_locked, also for the right code).',
      body: ZMfaBody,
      response: { 200: ZMe, 400: ZErrorBody, 401: ZErrorBody },
    },
    handler: async (request, reply) =>
      signedIn(
        reply,
        await mfa.completeMfaLogin(app.db, request.body, authOf(request), clientOf(request), absoluteSeconds),
      ),
  });

  app.post('/v1/auth/mfa/recovery', {
    config: { access: { roles: access.signedIn, allowMfaPending: true } },
    schema: {
      tags: ['auth'],
      description:
        'The second sign-in step with a single-use recovery code (wrong ones count towards the lock like wrong codes).',
      body: ZMfaRecoveryBody,
      response: { 200: ZMe, 400: ZErrorBody, 401: ZErrorBody },
    },
    handler: async (request, reply) =>
      signedIn(
        reply,
        await mfa.completeWithRecoveryCode(app.db, request.body, authOf(request), clientOf(request), absoluteSeconds),
      ),
  });

  app.post('/v1/auth/mfa/setup', {
    config: { access: { roles: access.signedIn, allowMfaPending: true } },
    schema: {
      tags: ['auth'],
      description: 'Forced enrolment: starts the chosen method for the setup token of the sign-in.',
      body: ZMfaSetupStartBody,
      response: { 200: ZMfaEnrolment, 400: ZErrorBody },
    },
    handler: (request) => mfa.startForcedSetup(app.db, request.body, authOf(request)),
  });

  app.post('/v1/auth/mfa/setup/confirm', {
    config: { access: { roles: access.signedIn, allowMfaPending: true } },
    schema: {
      tags: ['auth'],
      description: 'Forced enrolment: the first code turns MFA on and completes the sign-in.',
      body: ZMfaSetupConfirmBody,
      response: { 200: ZMfaEnrolled, 400: ZErrorBody },
    },
    handler: async (request, reply) => {
      const result = await mfa.confirmForcedSetup(
        app.db,
        request.body,
        authOf(request),
        clientOf(request),
        absoluteSeconds,
      );
      const user = await signedIn(reply, result);
      return { user, mfa: user.mfa, recovery_codes: result.recoveryCodes };
    },
  });

  app.get('/v1/auth/me', {
    config: { access: { roles: access.signedIn } },
    schema: { tags: ['auth'], response: { 200: ZMe } },
    handler: (request) => auth.me(app.db, authOf(request).userId),
  });

  app.post('/v1/auth/mode', {
    config: { access: { roles: access.signedIn } },
    schema: {
      tags: ['auth'],
      description:
        'Switches the signed-in person between live and test data (test mode): kept per user, every list, count, statistic, export and write of their next requests follows it. An API key has one mode for good (`ksk_live_…`, `ksk_test_…`) and cannot use this route.',
      body: ZModeBody,
      response: { 200: ZMe, 400: ZErrorBody },
    },
    handler: (request) => auth.chooseMode(app.db, authOf(request).userId, request.body.mode, actorOf(request).audit),
  });

  app.post('/v1/auth/logout', {
    config: { access: { public: true } },
    schema: { tags: ['auth'], response: { 200: ZOk } },
    handler: async (request, reply) => {
      if (request.auth) await auth.logout(app.db, request.auth.sessionHash);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { ok: true };
    },
  });
};
