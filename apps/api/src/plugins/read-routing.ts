import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { readFromReplica, replicasOf, type Db } from './db/index.ts';

// Fastify's route config can only be extended by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's reads may be answered by a read replica (DATABASE_READ_URL), a few seconds
     * behind the primary: statistics, exports, lists and counts. Never a route that writes.
     */
    replica?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** Whose writes a read must see: the signed-in person (or the API key's user). */
const readerOf = (request: FastifyRequest) => request.auth?.userId ?? null;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With read replicas: the handler of a `config.replica` GET route runs in `readFromReplica` (its
 * single-statement reads may go to a replica), and every other request of a signed-in user counts
 * as a write of that user, whose reads stay on the primary for a few seconds (read-your-writes).
 * Must be registered before the routes. Without replicas it adds nothing.
 */
export const registerReadRouting = (app: FastifyInstance, db: Db) => {
  const replicas = replicasOf(db);
  if (!replicas) return;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config?.replica || methods.some((method) => !SAFE_METHODS.has(method))) return;
    const handler = route.handler as (...args: unknown[]) => unknown;
    route.handler = function (this: unknown, request: FastifyRequest, ...rest: unknown[]) {
      return readFromReplica(readerOf(request), () => handler.call(this, request, ...rest));
    } as RouteHandlerMethod;
  });
  // Marked before the answer leaves (the write has committed; the client cannot read before it
  // has the answer); a failed write marks too (harmless).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (SAFE_METHODS.has(request.method)) return payload;
    const user = readerOf(request);
    if (user) replicas.noteWrite(user);
    return payload;
  });
};
