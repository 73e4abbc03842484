import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZCardAddLinkCreateBody, ZErrorBody, ZPaymentLinkCreateBody } from '@kassa/domain';
import { idempotent, ZIdempotencyHeaders } from '../../plugins/idempotency.ts';
import type { RowOf } from '../../query/entity.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { actorOf } from '../../plugins/actor.ts';
import { cardAddLinkEntity, paymentLinkEntity } from './link.entities.ts';
import { createLink, deactivate } from './link.service.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const PAYMENT_LINK_EXPORT = [
  'created_at',
  'id',
  'merchant_reference',
  'description',
  'amount',
  'currency_code',
  'status',
  'active',
  'expires_at',
  'customer',
  'url',
];
const CARD_ADD_LINK_EXPORT = [
  'created_at',
  'id',
  'merchant_reference',
  'description',
  'customer',
  'status',
  'active',
  'expires_at',
  'url',
];

/** Payment links and card-add links: lists, create, deactivate. */
export const linkRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'payment-link',
    entity: paymentLinkEntity,
    roles: access.paymentLink.list,
    exportFields: PAYMENT_LINK_EXPORT,
  });
  registerReadRoutes(app, {
    path: 'card-add-link',
    entity: cardAddLinkEntity,
    roles: access.cardAddLink.list,
    exportFields: CARD_ADD_LINK_EXPORT,
  });

  app.post('/v1/payment-link', {
    ...idempotent,
    config: { access: { roles: access.paymentLink.create } },
    schema: {
      tags: ['payment link'],
      headers: ZIdempotencyHeaders,
      body: ZPaymentLinkCreateBody,
      response: { 201: paymentLinkEntity.row, 400: ZErrorBody, 404: ZErrorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(
        (await createLink(app.db, actorOf(request), app.config.publicUrl, {
          kind: 'payment',
          body: request.body,
        })) as RowOf<typeof paymentLinkEntity>,
      ),
  });
  app.post('/v1/card-add-link', {
    ...idempotent,
    config: { access: { roles: access.cardAddLink.create } },
    schema: {
      tags: ['card-add link'],
      headers: ZIdempotencyHeaders,
      body: ZCardAddLinkCreateBody,
      response: { 201: cardAddLinkEntity.row, 400: ZErrorBody, 404: ZErrorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(
        (await createLink(app.db, actorOf(request), app.config.publicUrl, {
          kind: 'card_add',
          body: request.body,
        })) as RowOf<typeof cardAddLinkEntity>,
      ),
  });
  app.post('/v1/payment-link/:id/deactivate', {
    config: { access: { roles: access.paymentLink.update } },
    schema: {
      tags: ['payment link'],
      params,
      response: { 200: paymentLinkEntity.row, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: async (request) =>
      (await deactivate(app.db, actorOf(request), 'payment', request.params.id)) as RowOf<typeof paymentLinkEntity>,
  });
  app.post('/v1/card-add-link/:id/deactivate', {
    config: { access: { roles: access.cardAddLink.update } },
    schema: {
      tags: ['card-add link'],
      params,
      response: { 200: cardAddLinkEntity.row, 404: ZErrorBody, 409: ZErrorBody },
    },
    handler: async (request) =>
      (await deactivate(app.db, actorOf(request), 'card_add', request.params.id)) as RowOf<typeof cardAddLinkEntity>,
  });
};
