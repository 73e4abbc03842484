import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import type { RowOf } from '../../query/entity.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { merchantEntity } from './merchant.entity.ts';
import { setMerchantActivity } from './merchant.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Provider staff's merchants (portal.md §2.3, §7): the revenue list, and activate/deactivate at the spec's paths. */
export const merchantRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'psp/merchant', entity: merchantEntity, roles: access.merchant.list });
  for (const action of ['activate', 'deactivate'] as const) {
    app.post(`/v1/psp/merchant/:id/${action}`, {
      config: { access: { roles: access.merchant.activate } },
      schema: { tags: ['merchant'], params: ZIdParams, response: { 200: merchantEntity.row } },
      handler: async (request) =>
        (await setMerchantActivity(app.db, actorOf(request), request.params.id, action === 'activate')) as RowOf<
          typeof merchantEntity
        >,
    });
  }
};
