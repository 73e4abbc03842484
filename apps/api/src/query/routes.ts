import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCount, ZListQuery, type RoleList } from '@kassa/domain';
import { authOf } from '../plugins/auth-context.ts';
import type { EntityDef } from './entity.ts';
import { countEntity, getEntity, listEntity } from './repository.ts';

const ZRow = z.record(z.string(), z.unknown());

/**
 * The three read calls every entity has: `GET {path}`, `GET {path}/count` and `GET {path}/:id`,
 * all through the query layer, so filters, paging, populate and tenancy behave the same everywhere.
 */
export const registerReadRoutes = (
  fastify: FastifyInstance,
  options: { path: string; entity: EntityDef; roles: RoleList },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { path, entity, roles } = options;
  const tags = [entity.name];
  const describe = `Filters: ${Object.entries(entity.fields)
    .filter(([, f]) => f.filter)
    .map(([n]) => n)
    .join(', ')}. Each also as name[] (any of) and, for dates and numbers, name> and name< (bounds).`;

  app.get(`/v1/${path}`, {
    config: { access: { roles } },
    schema: { tags, description: describe, querystring: ZListQuery, response: { 200: z.array(ZRow) } },
    handler: (request) => listEntity(app.db, entity, authOf(request).scope, request.query),
  });
  app.get(`/v1/${path}/count`, {
    config: { access: { roles } },
    schema: { tags, querystring: ZListQuery, response: { 200: ZCount } },
    handler: async (request) => ({ count: await countEntity(app.db, entity, authOf(request).scope, request.query) }),
  });
  app.get(`/v1/${path}/:id`, {
    config: { access: { roles } },
    schema: { tags, params: z.object({ id: z.string().min(1).max(64) }), querystring: ZListQuery, response: { 200: ZRow } },
    handler: (request) => getEntity(app.db, entity, authOf(request).scope, request.params.id, request.query),
  });
};
