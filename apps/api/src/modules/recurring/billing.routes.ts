import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBillingRunBody } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { actorOf } from '../../plugins/actor.ts';
import { runBilling } from './billing.service.ts';
import { resolveOwner } from '../settings/owner.ts';

/** Who may trigger a billing run by hand: the merchant's all-round and subscription roles. */
const BILLING_RUN_ROLES = ['USER_ALL', 'SUBSCRIPTION_ALL'] as const;

const ZBilledCycle = z.object({
  subscription: z.string(),
  cycle: z.number(),
  attempt: z.number(),
  amount: z.number(),
  discount_amount: z.number(),
  charged_amount: z.number(),
  status: z.string(),
  status_reason: z.string().nullable(),
  transaction: z.string().nullable(),
  subscription_status: z.string(),
});

/**
 * Development control: bill the actor's due subscriptions now, optionally at a simulated time,
 * instead of waiting for the periodic job. Absent in production unless demo mode is on.
 */
export const billingRunRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/v1/subscription/billing-run', {
    config: { access: { roles: BILLING_RUN_ROLES } },
    schema: {
      tags: ['subscription'],
      description: 'Development and demo only: runs billing now for your organisation; `now` simulates a later clock.',
      body: ZBillingRunBody.optional(),
      response: {
        200: z.object({
          charged: z.array(ZBilledCycle),
          errors: z.array(z.object({ subscription: z.string(), message: z.string() })),
        }),
      },
    },
    handler: async (request) => {
      if (app.config.nodeEnv === 'production' && !app.config.demo) {
        throw new HttpError(
          404,
          'not_available',
          'Billing runs on demand are available in development and demo mode only',
        );
      }
      const actor = actorOf(request);
      const body = request.body ?? { now: null, organisation: null };
      // Provider staff run it for the merchant they name; everyone else for their own subtree.
      const organisationId =
        actor.organisation.type === 'provider' && !body.organisation
          ? null
          : (await resolveOwner(app.db, actor, body.organisation)).organisationId;
      const now = body.now ? new Date(body.now) : new Date();
      const result = await runBilling(app.db, { now, organisationId });
      await recordAudit(app.db, {
        ...actor.audit,
        type: 'billing_run',
        responseCode: 200,
        entity: 'subscription',
        detail: {
          now: now.toISOString(),
          organisation: organisationId,
          charged: result.charged.length,
          errors: result.errors.length,
        },
      });
      return result;
    },
  });
};
