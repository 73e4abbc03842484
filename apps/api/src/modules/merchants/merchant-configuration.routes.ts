import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZMerchantConfiguration, ZMerchantConfigurationUpdate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { readMerchantConfiguration, updateMerchantConfiguration } from './merchant-configuration.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['merchant'];

/** Provider → Merchant configuration: `GET|POST /v1/psp/merchant/{id}/configuration` (PSP_ALL). */
export const merchantConfigurationRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/psp/merchant/:id/configuration', {
    config: { access: { roles: access.merchantConfiguration } },
    schema: { tags, params: ZIdParams, response: { 200: ZMerchantConfiguration } },
    handler: (request) => readMerchantConfiguration(app.db, actorOf(request), request.params.id),
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/v1/psp/merchant/:id/configuration',
    config: { access: { roles: access.merchantConfiguration } },
    schema: {
      tags,
      description:
        'Fields not sent keep their value. max_transaction_amount (minor units) fails larger payments; three_ds_policy always asks 3-D Secure for every payment; refunds_enabled false refuses refunds (409 not_refundable).',
      params: ZIdParams,
      body: ZMerchantConfigurationUpdate,
      response: { 200: ZMerchantConfiguration },
    },
    handler: (request) => updateMerchantConfiguration(app.db, actorOf(request), request.params.id, request.body),
  });
};
