import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import {
  dbPool,
  httpDuration,
  httpRequests,
  jobOldestDueAge,
  jobQueueDepth,
  registry,
  statusClass,
} from '../lib/metrics.ts';
import { forbidden, HttpError, unauthenticated } from '../lib/http-error.ts';
import { sql, type Db } from './db/index.ts';

/** Reads the gauges that live in the database (queue depth, oldest due job, pool) and renders every metric. */
export const scrapeMetrics = async (db: Db): Promise<string> => {
  dbPool.reset();
  db.observePool?.();
  const depth = await db.query<{ queue: string; status: string; n: number }>(sql`
    select queue, case when status = 'queued' and run_at <= now() then 'due' else status end as status, count(*)::int as n
    from job where status in ('queued', 'running') group by 1, 2`);
  jobQueueDepth.reset();
  for (const row of depth) jobQueueDepth.set({ queue: row.queue, status: row.status }, row.n);
  const oldest = await db.query<{ queue: string; age: number }>(sql`
    select queue, extract(epoch from now() - min(run_at))::float8 as age from job
    where status = 'queued' and run_at <= now() group by queue`);
  jobOldestDueAge.reset();
  for (const row of oldest) jobOldestDueAge.set({ queue: row.queue }, row.age);
  return registry.metrics();
};

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Counts and times every answer by route pattern (never the raw URL: ids would explode the series). */
export const registerMetrics = (app: FastifyInstance, config: Config) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: statusClass(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  // On the main port only with a token; without one it does not exist here (see METRICS_PORT).
  app.get('/metrics', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    if (!config.metricsToken) throw new HttpError(404, 'not_found', 'No route GET /metrics');
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated();
    }
    if (!sameToken(header.slice(7), config.metricsToken)) throw forbidden();
    return reply.type(registry.contentType).send(await scrapeMetrics(app.db));
  });
};

/** `/metrics` without a token on its own port (METRICS_PORT), for the API and for a standalone worker. */
export const serveMetricsPort = (db: Db, port: number, host: string): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer((request, response) => {
      if (request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      scrapeMetrics(db).then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(503).end(),
      );
    });
    server.listen(port, host, () => resolve(server));
  });
