import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  SETTLEMENT_UPLOAD_MAX_BYTES,
  ZPayoutReconciliation,
  ZReconciliationDashboard,
  ZReconciliationDecision,
  ZSettlementFileRow,
  ZSettlementFileUpload,
} from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { decideExceptions } from './exception.service.ts';
import {
  merchantReconciliationExceptionEntity,
  reconciliationExceptionEntity,
  settlementFileEntity,
} from './reconciliation.entities.ts';
import { reconciliationDashboard } from './dashboard.service.ts';
import { uploadSettlementFile } from './upload.service.ts';
import { payoutReconciliation } from './payout.service.ts';
import { getEntity } from '../../query/repository.ts';
import { settlementEntity } from '../settings/settings.entities.ts';

const EXCEPTION_EXPORT = [
  'id',
  'created_at',
  'kind',
  'state',
  'merchant',
  'merchant_name',
  'processor_settlement_name',
  'settlement_file',
  'line_no',
  'item_type',
  'item_id',
  'settlement',
  'acquirer_reference',
  'merchant_reference',
  'currency_code',
  'expected_amount',
  'actual_amount',
  'amount_difference',
  'age_days',
  'owner_name',
  'reason',
] as const;

/**
 * Reconciliation (issue 34): settlement files and the exception queue for provider finance under
 * /v1/psp/, and a merchant's read-only view of the exceptions about its own payments.
 */
export const reconciliationRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'psp/settlementfile',
    entity: settlementFileEntity,
    roles: access.reconciliation.list,
  });
  registerReadRoutes(app, {
    path: 'psp/reconciliationexception',
    entity: reconciliationExceptionEntity,
    roles: access.reconciliation.list,
    exportFields: EXCEPTION_EXPORT,
  });
  registerReadRoutes(app, {
    path: 'reconciliationexception',
    entity: merchantReconciliationExceptionEntity,
    roles: access.reconciliation.merchant,
    exportFields: EXCEPTION_EXPORT.filter((field) => field in merchantReconciliationExceptionEntity.fields),
  });
  app.post('/v1/psp/settlementfile', {
    config: { access: { roles: access.reconciliation.upload } },
    // The file travels as a JSON string: room for a file of the largest size the schema allows
    // (its newlines and quotes escaped), which then answers the schema's own 400, never a 413.
    bodyLimit: 2 * SETTLEMENT_UPLOAD_MAX_BYTES + 1024 * 1024,
    schema: {
      tags: ['settlementfile'],
      description:
        "Imports an acquirer's settlement report uploaded by hand: a file with a bad line is refused whole (400, each bad line numbered); the same file again changes nothing (200, `duplicate`).",
      body: ZSettlementFileUpload,
      response: {
        200: z.object({ duplicate: z.boolean(), file: ZSettlementFileRow }),
        201: z.object({ duplicate: z.boolean(), file: ZSettlementFileRow }),
      },
    },
    handler: async (request, reply) => {
      const outcome = await uploadSettlementFile(app.db, actorOf(request), request.body);
      return reply.status(outcome.duplicate ? 200 : 201).send(outcome);
    },
  });
  app.post('/v1/psp/reconciliationexception/decision', {
    config: { access: { roles: access.reconciliation.decide } },
    schema: {
      tags: ['reconciliationexception'],
      description:
        'Assigns, investigates, resolves (with a reason) or writes off (asked with a reason, approved by a second person) one or more exceptions, all or none.',
      body: ZReconciliationDecision,
      response: { 200: z.object({ changed: z.number().int() }) },
    },
    handler: async (request) => ({ changed: await decideExceptions(app.db, actorOf(request), request.body) }),
  });
  app.get('/v1/settlement/:id/reconciliation', {
    config: { access: { roles: access.reconciliation.payout, feature: 'collecting' } },
    schema: {
      tags: ['settlement'],
      description:
        "A settlement (payout) against the acquirer's settlement files: what the acquirer should pay in for its payments, refunds and chargebacks, what it paid in, and the difference, which is 0 or the sum of the listed exceptions' effects (and of items no file reported yet). A merchant reads its own settlements only; another merchant's is a 404.",
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: ZPayoutReconciliation },
    },
    handler: async (request) => {
      // Tenancy first: another merchant's settlement is a 404 like an unknown id.
      await getEntity(app.db, settlementEntity, actorOf(request).scope, request.params.id);
      return payoutReconciliation(app.db, request.params.id);
    },
  });
  app.get('/v1/psp/reconciliation/dashboard', {
    config: { access: { roles: access.reconciliation.list } },
    schema: {
      tags: ['reconciliationexception'],
      description:
        'Match rate per processor settlement and day, and open exceptions by kind and age (the last 14 days).',
      response: { 200: ZReconciliationDashboard },
    },
    handler: async () => reconciliationDashboard(app.db),
  });
};
