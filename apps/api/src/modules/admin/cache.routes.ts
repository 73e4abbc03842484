import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZCacheEntry, ZCacheParams } from '@kassa/domain';
import { cacheHeaderFor } from '../../lib/cache-generations.ts';
import { actorOf } from '../../plugins/actor.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { clearCache, listCaches } from './cache.service.ts';

/** admin/cache (PSP_SUPER): what Kassa caches, with the age of each, and a clear per cache. */
export const cacheRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/cache', {
    config: { access: { roles: access.admin } },
    schema: { tags: ['admin'], response: { 200: z.array(ZCacheEntry) } },
    handler: () => listCaches(app.db, app.config),
  });
  app.post('/v1/cache/:name/clear', {
    config: { access: { roles: access.admin } },
    schema: { tags: ['admin'], params: ZCacheParams, response: { 200: ZCacheEntry } },
    handler: (request) =>
      clearCache(app.db, app.config, actorOf(request), request.params.name, authOf(request).sessionHash ?? null),
  });
};

/**
 * On every API request: the cache generations (at most 5 s old, so a clear reaches every process
 * within that) and, for browsers, the `kassa-cache` header that tells them to drop their copies.
 */
export const registerCacheGenerations = (fastify: FastifyInstance) => {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const header = await cacheHeaderFor(fastify.db, request.url);
    if (header) reply.header('kassa-cache', header);
    return payload;
  });
};
