import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Fastify's instance type can only be extended by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { shuttingDown: boolean };
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** Once shutting down, every answer closes its connection, so keep-alive clients reconnect elsewhere. */
export const registerShutdownState = (app: FastifyInstance) => {
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
  });
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Stops accepting connections, lets requests in flight finish (each answer closes its
 * connection) and returns once no connection is left or the deadline passed, then closes the app.
 * Idle keep-alive connections are closed only after a grace, not at once: a client that sent a
 * request on one at that moment would lose it.
 */
export const drainAndClose = async (
  app: FastifyInstance,
  timeoutMs: number,
  idleGraceMs = Math.min(2000, timeoutMs / 2),
): Promise<void> => {
  app.lifecycle.shuttingDown = true;
  const server: Server = app.server;
  // net.Server's close stops listening without http.Server's closeIdleConnections() (see above).
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const idle = setTimeout(() => server.closeIdleConnections(), idleGraceMs);
  const timedOut = await Promise.race([closed.then(() => false), wait(timeoutMs).then(() => true)]);
  clearTimeout(idle);
  if (timedOut) server.closeAllConnections();
  // Fastify's own close (onClose hooks) on a server that no longer listens.
  await app.close().catch(() => {});
};
