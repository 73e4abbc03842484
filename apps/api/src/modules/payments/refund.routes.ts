import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZErrorBody, ZRefundCreateBody, ZTransactionRefundBody } from '@kassa/domain';
import { idempotent, ZIdempotencyHeaders } from '../../plugins/idempotency.ts';
import { actorOf } from '../../plugins/actor.ts';
import { refundEntity } from './refund.entity.ts';
import { refundTransaction } from './refund.service.ts';

const responses = { 201: refundEntity.row, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** Refunding: `POST transaction/{id}/refund` (DESIGN.md) and `POST refund`, the refunds screen's Add refund. */
export const refundRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/v1/transaction/:id/refund', {
    ...idempotent,
    config: { access: { roles: access.refund.create }, changesNoCredentials: true },
    schema: {
      tags: ['refund'],
      description:
        'Refunds part or all of a transaction. Never more than its amount minus earlier refunds. Supports Idempotency-Key.',
      params: z.object({ id: z.string().min(1).max(64) }),
      headers: ZIdempotencyHeaders,
      body: ZTransactionRefundBody,
      response: responses,
    },
    handler: async (request, reply) => {
      const refund = await refundTransaction(app.db, actorOf(request), {
        transactionId: request.params.id,
        transactionPath: 'params.id',
        amount: request.body.amount,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(refund);
    },
  });
  app.post('/v1/refund', {
    ...idempotent,
    config: { access: { roles: access.refund.create }, changesNoCredentials: true },
    schema: {
      tags: ['refund'],
      description: 'Creates a refund of `transaction` (same rules as transaction/{id}/refund).',
      headers: ZIdempotencyHeaders,
      body: ZRefundCreateBody,
      response: responses,
    },
    handler: async (request, reply) => {
      const refund = await refundTransaction(app.db, actorOf(request), {
        transactionId: request.body.transaction,
        transactionPath: 'body.transaction',
        amount: request.body.amount,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(refund);
    },
  });
};
