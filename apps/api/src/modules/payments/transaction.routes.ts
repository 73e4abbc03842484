import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZErrorBody, ZTransactionCreateBody } from '@kassa/domain';
import { idempotent, ZIdempotencyHeaders } from '../../plugins/idempotency.ts';
import { actorOf } from '../../plugins/actor.ts';
import { blockTransaction, createPayment } from './transaction.service.ts';

const ZRow = z.record(z.string(), z.unknown());

/** Creating a payment and marking a failed one blocked. */
export const transactionRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/v1/transaction', {
    ...idempotent,
    config: { access: { roles: access.transaction.create } },
    schema: {
      tags: ['transaction'],
      description: 'Creates a payment and hands it to the processor of the payment profile. A declined payment is still created (201) with status DECLINED. Supports Idempotency-Key.',
      headers: ZIdempotencyHeaders,
      body: ZTransactionCreateBody,
      response: { 201: ZRow, 404: ZErrorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await createPayment(app.db, actorOf(request), request.body)),
  });
  app.post('/v1/transaction/:id/block', {
    config: { access: { roles: access.transaction.update } },
    schema: {
      tags: ['transaction'],
      description: 'Marks a FAILED transaction as blocked.',
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: ZRow, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: (request) => blockTransaction(app.db, actorOf(request), request.params.id),
  });
};
