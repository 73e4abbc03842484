import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZErrorBody,
  ZMe,
  ZMfaDisableBody,
  ZMfaEnrolConfirmBody,
  ZMfaEnrolled,
  ZMfaEnrolment,
  ZMfaEnrolStartBody,
  ZOk,
  ZOwnSession,
  ZProfileUpdateBody,
} from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { listLiveSessions, revokeSessionById, revokeUserSessions } from '../auth/auth.repository.ts';
import { clientOf } from '../auth/auth.routes.ts';
import { me } from '../auth/auth.service.ts';
import * as mfa from '../auth/mfa-flow.service.ts';
import { changeOwnPassword, requestEmailChange } from '../auth/password.service.ts';
import { updateUserFields } from './users.repository.ts';

/** `/v1/profile…`: the signed-in user's own name, language, password, e-mail, MFA and sessions. */
export const profileRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: { roles: access.signedIn } };
  const tags = ['profile'];

  app.get('/v1/profile', {
    config: signedIn,
    schema: { tags, response: { 200: ZMe } },
    handler: (request) => me(app.db, authOf(request).userId),
  });

  app.post('/v1/profile', {
    config: signedIn,
    schema: { tags, body: ZProfileUpdateBody, response: { 200: ZMe, 400: ZErrorBody } },
    handler: async (request) => {
      const { userId } = authOf(request);
      const { name, language, time_zone: timeZone } = request.body;
      await updateUserFields(app.db, userId, { name, language, timeZone });
      return me(app.db, userId);
    },
  });

  app.post('/v1/profile/password', {
    config: signedIn,
    schema: {
      tags,
      description: 'Needs the current password; ends every other session.',
      body: ZChangePasswordBody,
      response: { 200: ZOk, 400: ZErrorBody },
    },
    handler: async (request) => {
      await changeOwnPassword(app.db, request.body, authOf(request), clientOf(request));
      return { ok: true };
    },
  });

  app.post('/v1/profile/email', {
    config: signedIn,
    schema: {
      tags,
      description: 'Mails a confirmation link (valid 24 hours) to the new address.',
      body: ZChangeEmailBody,
      response: { 200: ZOk, 400: ZErrorBody },
    },
    handler: async (request) => {
      await requestEmailChange(app.db, request.body.email, authOf(request), clientOf(request), app.config.publicUrl);
      return { ok: true };
    },
  });

  app.post('/v1/profile/mfa', {
    config: signedIn,
    schema: {
      tags,
      description: 'Starts turning MFA on: an authenticator secret with its QR code, or a mailed code.',
      body: ZMfaEnrolStartBody,
      response: { 200: ZMfaEnrolment, 400: ZErrorBody },
    },
    handler: (request) => mfa.startProfileEnrolment(app.db, request.body.type, authOf(request)),
  });

  app.post('/v1/profile/mfa/confirm', {
    config: signedIn,
    schema: {
      tags,
      description: 'The first code turns MFA on; recovery codes are answered once.',
      body: ZMfaEnrolConfirmBody,
      response: { 200: ZMfaEnrolled, 400: ZErrorBody },
    },
    handler: (request) => mfa.confirmProfileEnrolment(app.db, request.body, authOf(request), clientOf(request)),
  });

  app.post('/v1/profile/mfa/disable', {
    config: signedIn,
    schema: { tags, body: ZMfaDisableBody, response: { 200: ZMfaEnrolled, 400: ZErrorBody, 409: ZErrorBody } },
    handler: (request) => mfa.disableOwnMfa(app.db, request.body.password, authOf(request), clientOf(request)),
  });

  app.get('/v1/profile/sessions', {
    config: signedIn,
    schema: { tags, response: { 200: z.array(ZOwnSession) } },
    handler: async (request) => {
      const auth = authOf(request);
      const rows = await listLiveSessions(app.db, auth.userId, auth.sessionHash, app.config.sessionIdleSeconds);
      return rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        last_seen_at: row.last_seen_at.toISOString(),
      }));
    },
  });

  app.post('/v1/profile/sessions/revoke-others', {
    config: signedIn,
    schema: { tags, response: { 200: ZOk } },
    handler: async (request) => {
      const auth = authOf(request);
      await revokeUserSessions(app.db, auth.userId, auth.sessionHash);
      await recordAudit(app.db, {
        type: 'sessions_revoked',
        organisationId: auth.organisation.id,
        userId: auth.userId,
        userName: auth.name,
        origin: request.ip,
        route: '/v1/profile/sessions/revoke-others',
        method: 'POST',
        responseCode: 200,
      });
      return { ok: true };
    },
  });

  app.post('/v1/profile/sessions/:id/revoke', {
    config: signedIn,
    schema: {
      tags,
      params: z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) }),
      response: { 200: ZOk, 404: ZErrorBody },
    },
    handler: async (request) => {
      const auth = authOf(request);
      if (!(await revokeSessionById(app.db, auth.userId, request.params.id))) throw notFound('session');
      await recordAudit(app.db, {
        type: 'session_revoked',
        organisationId: auth.organisation.id,
        userId: auth.userId,
        userName: auth.name,
        origin: request.ip,
        route: '/v1/profile/sessions/:id/revoke',
        method: 'POST',
        responseCode: 200,
      });
      return { ok: true };
    },
  });
};
