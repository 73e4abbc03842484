import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZTerminalCreate, ZTerminalUpdate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { createTerminal, terminalEntity, updateTerminal } from './terminal.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Developers → Terminals: a merchant's card terminals, each bound to one of its payment profiles. */
export const terminalRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'terminal', entity: terminalEntity, roles: access.terminal.list });
  app.post('/v1/terminal', {
    config: { access: { roles: access.terminal.create } },
    schema: { tags: ['terminal'], body: ZTerminalCreate, response: { 201: terminalEntity.row } },
    handler: async (request, reply) =>
      reply.status(201).send(await createTerminal(app.db, actorOf(request), request.body)),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/terminal/:id',
    config: { access: { roles: access.terminal.update } },
    schema: { tags: ['terminal'], params: ZIdParams, body: ZTerminalUpdate, response: { 200: terminalEntity.row } },
    handler: (request) => updateTerminal(app.db, actorOf(request), request.params.id, request.body),
  });
};
