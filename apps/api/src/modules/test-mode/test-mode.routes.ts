import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, SANDBOX_3DS_CODE, ZErrorBody, ZTestCards, ZTestDataDeletion, type TTestCards } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { AMOUNT_OUTCOMES, cardBrandOf, TEST_CARDS } from '../payments/sandbox-processor.ts';
import { requestTestDataDeletion } from './test-data.service.ts';

/** Amounts ending in 55 are charged back by the sandbox acquirer a day after they settle (payments/settlement-lifecycle.job.ts). */
const CHARGEBACK_ENDING = 55;

/** What the sandbox acquirer does with each test card and amount: read from its own tables, never written twice. */
const testCards = (): TTestCards => ({
  cards: Object.entries(TEST_CARDS).map(([number, outcome]) => ({ number, brand: cardBrandOf(number), ...outcome })),
  amounts: [
    ...Object.entries(AMOUNT_OUTCOMES).map(([ending, outcome]) => ({
      ending,
      example: 1000 + Number(ending),
      ...outcome,
    })),
    {
      ending: String(CHARGEBACK_ENDING),
      example: 1000 + CHARGEBACK_ENDING,
      status: 'CHARGEBACK',
      code: null,
      reason: 'approved, settled a day later, then charged back a day after that',
    },
  ],
  three_d_secure: { code: SANDBOX_3DS_CODE },
});

/** Test mode's tools: the test cards (`GET /v1/test-cards`) and deleting an organisation's test data. */
export const testModeRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/test-cards', {
    config: { access: { roles: access.testMode.cards } },
    schema: {
      tags: ['test mode'],
      description:
        'The test cards and amounts that force each outcome of the sandbox acquirer (any future expiry, any CVC), and the 3-D Secure code that passes a challenge. Test payments (a `ksk_test_…` key or a person in test mode) go to the sandbox acquirer only.',
      response: { 200: ZTestCards },
    },
    handler: async () => testCards(),
  });
  app.post('/v1/organisation/:id/test-data/delete', {
    config: { access: { roles: access.testMode.deleteData } },
    schema: {
      tags: ['test mode'],
      description:
        'Deletes every test row (payments, refunds, chargebacks, customers, links, subscriptions, webhooks, reports) of the organisation and the organisations below it, never a live one: answered at once with the job that does it in batches; audited.',
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 202: ZTestDataDeletion, 404: ZErrorBody },
    },
    handler: async (request, reply) =>
      reply.code(202).send(await requestTestDataDeletion(app.db, actorOf(request), request.params.id)),
  });
};
