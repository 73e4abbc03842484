import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZChangeAccepted, ZChangeDecision, ZChangePolicy, ZChangePolicyUpdate } from '@kassa/domain';
import { actorOf, personActorOf } from '../../plugins/actor.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { setChangeGate } from '../../query/write.ts';
import { changeGate } from './change-gate.ts';
import { changeRequestEntity } from './change-request.entity.ts';
import {
  countDecidable,
  decideChangeRequest,
  getChangePolicy,
  renewChangeRequest,
  setChangePolicy,
  withdrawChangeRequest,
} from './change-request.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['changerequest'];

/** Four eyes on risky changes (issue 35): the requests, their decisions, and the policy. */
export const changeRequestRoutes = async (fastify: FastifyInstance) => {
  setChangeGate(changeGate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { changes } = access;
  registerReadRoutes(app, { path: 'changerequest', entity: changeRequestEntity, roles: changes.list });

  app.get('/v1/changerequest/decidable/count', {
    config: { access: { roles: changes.list } },
    schema: {
      tags,
      description: 'How many requests of others the signed-in person could decide now (the menu badge).',
      response: { 200: z.object({ count: z.number().int() }) },
    },
    handler: (request) => countDecidable(app.db, actorOf(request), authOf(request).roles),
  });
  for (const verdict of ['approve', 'reject'] as const)
    app.post(`/v1/changerequest/:id/${verdict}`, {
      config: { access: { roles: changes.decide } },
      schema: {
        tags,
        description:
          verdict === 'approve'
            ? 'Approves a request and applies exactly its diff, in one transaction. Refused to its author, to API keys, on a stale base (409 stale_base) and after expiry (409 change_request_expired).'
            : 'Rejects a request with a comment.',
        params: ZIdParams,
        body: ZChangeDecision,
        response: { 200: changeRequestEntity.row },
      },
      handler: (request) =>
        decideChangeRequest(
          app.db,
          personActorOf(request),
          authOf(request).roles,
          request.params.id,
          verdict,
          request.body.comment,
        ),
    });
  app.post('/v1/changerequest/:id/withdraw', {
    config: { access: { roles: changes.list } },
    schema: { tags, params: ZIdParams, response: { 200: changeRequestEntity.row } },
    handler: (request) => withdrawChangeRequest(app.db, actorOf(request), request.params.id),
  });
  app.post('/v1/changerequest/:id/renew', {
    config: { access: { roles: changes.list } },
    schema: {
      tags,
      description:
        'Asks the same change again against the item as it is now: a new request (202); this one is withdrawn.',
      params: ZIdParams,
      response: { 202: ZChangeAccepted },
    },
    handler: (request) => renewChangeRequest(app.db, personActorOf(request), request.params.id),
  });

  app.get('/v1/changepolicy', {
    config: { access: { roles: changes.list } },
    schema: {
      tags,
      description: 'The kinds of change that need a second person in an organisation (default: the caller’s).',
      querystring: z.object({ organisation: z.string().max(64).optional() }),
      response: { 200: ZChangePolicy },
    },
    handler: (request) => getChangePolicy(app.db, actorOf(request), request.query.organisation),
  });
  app.post('/v1/changepolicy', {
    config: { access: { roles: changes.policy } },
    schema: { tags, body: ZChangePolicyUpdate, response: { 200: ZChangePolicy } },
    handler: (request) => setChangePolicy(app.db, actorOf(request), request.body),
  });
};
