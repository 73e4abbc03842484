import type { FastifyInstance } from 'fastify';

/**
 * Every answer names its request id (`X-Request-Id`), the same id every log line of the request
 * and its error body carry, so a user's report, a proxy's log and Kassa's log meet on one id.
 */
export const registerRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
};
