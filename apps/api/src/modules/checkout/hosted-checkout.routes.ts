import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_MINUTES,
  SANDBOX_3DS_CODE,
  ZCardAddBody,
  ZCardAddPage,
  ZCheckoutChallengeBody,
  ZCheckoutPage,
  ZErrorBody,
  ZPaymentLinkPage,
  ZPaymentLinkPayBody,
  ZSubscriptionPage,
} from '@kassa/domain';
import { hitRateLimit, type RateLimit } from '../../plugins/rate-limit.ts';
import { addCard, getCardAddPage } from './card-add-page.service.ts';
import { completeChallenge, getCheckoutPage } from './hosted-checkout.service.ts';
import { getPaymentLinkPage, payPaymentLink } from './payment-link-page.service.ts';
import { getSubscriptionPage } from './subscription-page.service.ts';

/** Requests to the public checkout pages per IP address: a customer never needs more, a token guesser is slowed. */
export const CHECKOUT_PER_IP: RateLimit = { limit: 120, windowSeconds: 60 };

const params = z.object({ token: z.string().min(1).max(128) });

/**
 * The hosted checkout page's calls: the only API calls without sign-in besides sign-in itself.
 * The token in the path is the only key; it opens one payment and shows nothing else.
 */
export const hostedCheckoutRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/checkout/:token', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description:
        'The hosted checkout page of a payment waiting for a 3-D Secure challenge (public, by the token of its URL; rate-limited per IP).',
      params,
      response: { 200: ZCheckoutPage, 404: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return getCheckoutPage(app.db, request.params.token);
    },
  });
  app.post('/v1/checkout/:token/challenge', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description: `The customer's 3-D Secure code. The sandbox issuer accepts ${SANDBOX_3DS_CODE}; ${CHALLENGE_MAX_ATTEMPTS} wrong codes or the end of the ${CHALLENGE_TTL_MINUTES} minutes fail the payment. A wrong code with tries left is a 422 on body.code.`,
      params,
      body: ZCheckoutChallengeBody,
      response: { 200: ZCheckoutPage, 404: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return completeChallenge(app.db, request.params.token, request.body.code, request.headers['user-agent'] ?? null);
    },
  });
  app.get('/v1/pay/:token', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description: 'The hosted checkout page of a payment link (public, by the token of its URL; rate-limited per IP).',
      params,
      response: { 200: ZPaymentLinkPage, 404: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return getPaymentLinkPage(app.db, request.params.token);
    },
  });
  app.post('/v1/pay/:token', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description:
        "Pays a payment link with a (test) card through the payments engine. Answers the page: paid, or open again after a decline, or with checkout_url when a 3-D Secure ruleset asks for a challenge. A paid, expired or switched-off link charges nothing. Card testing: the 5th failed payment closes the link (state blocked; then 409 payment_link_blocked), and a card that failed 3 times on the merchant's links within the hour is refused (402 card_refused); neither reaches the acquirer.",
      params,
      body: ZPaymentLinkPayBody,
      response: {
        200: ZPaymentLinkPage,
        400: ZErrorBody,
        402: ZErrorBody,
        404: ZErrorBody,
        409: ZErrorBody,
        429: ZErrorBody,
      },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return payPaymentLink(
        app.db,
        app.config.publicUrl,
        request.params.token,
        request.body.card_number,
        request.headers['user-agent'] ?? null,
      );
    },
  });
  app.get('/v1/add-card/:token', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description: 'The hosted page of a card-add link (public, by the token of its URL; rate-limited per IP).',
      params,
      response: { 200: ZCardAddPage, 404: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return getCardAddPage(app.db, request.params.token);
    },
  });
  app.post('/v1/add-card/:token', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description:
        "Adds the customer's (test) card to a card-add link: the sandbox issuer verifies it (the documented test cards decide); verified → DONE with brand and last four, refused → open for another card. Sends the `cardlink.updated` webhook on each status change. A done, cancelled or expired link changes nothing.",
      params,
      body: ZCardAddBody,
      response: { 200: ZCardAddPage, 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return addCard(app.db, request.params.token, request.body.card_number);
    },
  });
  app.get('/v1/subscribe/:token', {
    config: { access: { public: true } },
    schema: {
      tags: ['hosted checkout'],
      description:
        "The hosted page of a subscription, its subscription_url (public, by the token of its URL; rate-limited per IP): plan, amount, interval, next charge and status. Nothing of any other subscription or of the customer's details.",
      params,
      response: { 200: ZSubscriptionPage, 404: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      await hitRateLimit(app.db, `checkout:${request.ip}`, CHECKOUT_PER_IP);
      reply.header('cache-control', 'no-store');
      return getSubscriptionPage(app.db, request.params.token);
    },
  });
};
