import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { currentVersion } from './db/index.ts';
import { listMigrations } from './db/migrate.ts';

/**
 * `/v1/ready`: may a load balancer send this process requests now? Unlike `/v1/health` (is the
 * process alive), it says no while the database is unreachable, a migration this code needs is
 * missing, the database cannot write (plugins/write-outage.ts), or the process is shutting down.
 */
export const registerReadiness = (app: FastifyInstance) => {
  const expected = listMigrations().at(-1)?.version ?? 'none';
  app.get('/v1/ready', {
    config: { access: { public: true } },
    schema: {
      tags: ['health'],
      response: {
        200: z.object({ status: z.literal('ready'), engine: z.enum(['pglite', 'postgresql']), migration: z.string() }),
      },
    },
    handler: async () => {
      const notReady = (path: string, message: string) =>
        new HttpError(503, 'service_unavailable', `Not ready: ${message}`, [{ path, message }]);
      if (app.lifecycle.shuttingDown) throw notReady('shutdown', 'shutting down');
      let migration: string;
      try {
        migration = await currentVersion(app.db);
      } catch {
        throw notReady('database', 'database unreachable');
      }
      if (app.writeOutage.active()) throw notReady('database', 'database cannot write');
      if (migration < expected)
        throw notReady('migrations', `migration ${expected} not applied (database at ${migration})`);
      return { status: 'ready' as const, engine: app.db.engine, migration };
    },
  });
};
