import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  ZErrorBody,
  ZReviewApprove,
  ZReviewAssign,
  ZReviewContext,
  ZReviewDashboard,
  ZReviewDashboardQuery,
  ZReviewDecline,
  ZReviewOutcome,
} from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { notFound } from '../../lib/http-error.ts';
import { getEntity } from '../../query/repository.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { reviewCaseEntity } from './review-case.entity.ts';
import { reviewContext } from './review-case.repository.ts';
import { assignReviews, decideReviews } from './review.service.ts';
import { reviewDashboard } from './review-dashboard.service.ts';

/** The manual review queue (issue 36): list, a case's customer context, assign, approve and decline (single or bulk). */
export const reviewRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'review', entity: reviewCaseEntity, roles: access.review.list });
  app.get('/v1/review/dashboard', {
    config: { access: { roles: access.review.list } },
    schema: {
      tags: ['review'],
      description:
        "The review dashboard: queue size, cases past their SLA and the oldest held payment now; decisions per reviewer of the last `days` days (30 by default) and the chargeback rate of the payments approved in them; whether the caller may decide. `organisation` narrows to its subtree within the caller's.",
      querystring: ZReviewDashboardQuery,
      response: { 200: ZReviewDashboard },
    },
    handler: (request) => reviewDashboard(app.db, actorOf(request), request.query),
  });
  app.get('/v1/review/:id/context', {
    config: { access: { roles: access.review.list } },
    schema: {
      tags: ['review'],
      description:
        "What Kassa holds about the customer of a held payment: earlier payments, chargebacks, RFM segment, the usual amount, and whether the card's country differs from the shopper's.",
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: ZReviewContext, 404: ZErrorBody },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      // Read through the query layer first (a 404 otherwise): tenancy (and mode) decide whether the case exists for the caller.
      await getEntity(app.db, reviewCaseEntity, actor.scope, request.params.id);
      const row = await reviewContext(app.db, request.params.id);
      if (!row) throw notFound('Review case');
      const { card_country, ip_country, ...rest } = row;
      return { ...rest, country_mismatch: !!card_country && !!ip_country && card_country !== ip_country };
    },
  });
  app.post('/v1/review/approve', {
    config: { access: { roles: access.review.decide } },
    schema: {
      tags: ['review'],
      description:
        'Approves held payments: each is captured (SETTLEMENT_REQUESTED) once, also when approvals race. Answers per case: approved, already_decided or not_found.',
      body: ZReviewApprove,
      response: { 200: ZReviewOutcome, 400: ZErrorBody, 403: ZErrorBody },
    },
    handler: (request) => decideReviews(app.db, actorOf(request), request.body.ids, 'approve', null),
  });
  app.post('/v1/review/decline', {
    config: { access: { roles: access.review.decide } },
    schema: {
      tags: ['review'],
      description:
        "Declines held payments with the reviewer's reason: each authorisation is voided (AUTHORIZATION_VOIDED). Answers per case: declined, already_decided or not_found.",
      body: ZReviewDecline,
      response: { 200: ZReviewOutcome, 400: ZErrorBody, 403: ZErrorBody },
    },
    handler: (request) => decideReviews(app.db, actorOf(request), request.body.ids, 'decline', request.body.reason),
  });
  app.post('/v1/review/assign', {
    config: { access: { roles: access.review.decide } },
    schema: {
      tags: ['review'],
      description:
        'Assigns pending cases to the caller (assignee "me"), to a user of the merchant or the provider, or to no one (null).',
      body: ZReviewAssign,
      response: { 200: ZReviewOutcome, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
    },
    handler: (request) => assignReviews(app.db, actorOf(request), request.body),
  });
};
