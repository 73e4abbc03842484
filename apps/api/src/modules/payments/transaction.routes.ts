import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZErrorBody, ZTransactionCreateBody, ZTransactionCreated } from '@kassa/domain';
import { idempotent, ZIdempotencyHeaders } from '../../plugins/idempotency.ts';
import { actorOf } from '../../plugins/actor.ts';
import { transactionEntity } from './transaction.entity.ts';
import { blockTransaction, cancelTransaction, captureTransaction, createPayment } from './transaction.service.ts';

/** Creating a payment, capturing or cancelling it, and marking a failed one blocked. */
export const transactionRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/v1/transaction', {
    ...idempotent,
    config: { access: { roles: access.transaction.create }, changesNoCredentials: true },
    schema: {
      tags: ['transaction'],
      description:
        'Creates a payment and hands it to the processor of the payment profile. A declined payment is still created (201) with status DECLINED. A payment a 3-D Secure ruleset asks a challenge for is IN_PROGRESS and answers checkout_url: send the customer there (it expires after 15 minutes; the outcome arrives as the transaction webhook). Supports Idempotency-Key.',
      headers: ZIdempotencyHeaders,
      body: ZTransactionCreateBody,
      response: { 201: ZTransactionCreated, 404: ZErrorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createPayment(app.db, actorOf(request), request.body, app.config.publicUrl)),
  });
  app.post('/v1/transaction/:id/block', {
    config: { access: { roles: access.transaction.update } },
    schema: {
      tags: ['transaction'],
      description: 'Marks a FAILED transaction as blocked.',
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: transactionEntity.row, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: (request) => blockTransaction(app.db, actorOf(request), request.params.id),
  });
  const ZIdParams = z.object({ id: z.string().min(1).max(64) });
  app.post('/v1/transaction/:id/capture', {
    ...idempotent,
    config: { access: { roles: access.transaction.update } },
    schema: {
      tags: ['transaction'],
      description:
        'Captures an AUTHORIZED or REAUTHORIZED transaction (→ SETTLEMENT_REQUESTED). Any other status answers 409 invalid_transition. Supports Idempotency-Key.',
      headers: ZIdempotencyHeaders,
      params: ZIdParams,
      response: { 200: transactionEntity.row, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: (request) => captureTransaction(app.db, actorOf(request), request.params.id),
  });
  app.post('/v1/transaction/:id/cancel', {
    ...idempotent,
    config: { access: { roles: access.transaction.update } },
    schema: {
      tags: ['transaction'],
      description:
        'Cancels a transaction: an authorisation is voided (AUTHORIZATION_VOIDED), a capture not yet sent for settlement is voided (VOIDED), a payment without an answer yet is CANCELLED. Any other status answers 409 invalid_transition. Supports Idempotency-Key.',
      headers: ZIdempotencyHeaders,
      params: ZIdParams,
      response: { 200: transactionEntity.row, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: (request) => cancelTransaction(app.db, actorOf(request), request.params.id),
  });
};
