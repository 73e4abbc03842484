import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, SETTLEMENT_ITEM_KINDS, ZSettlementRun, ZSettlementRunResult } from '@kassa/domain';
import { badRequest, notFoundAt } from '../../lib/http-error.ts';
import { actorOf } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { getEntity } from '../../query/repository.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { settlementEntity } from '../settings/settings.entities.ts';
import {
  payoutEntity,
  pspSettlementReportEntity,
  settlementItemEntity,
  settlementReportEntity,
} from './finance.entities.ts';
import { settlementPdf } from './settlement-pdf.ts';
import { payoutReconciliation } from '../reconciliation/payout.service.ts';
import { payoutDateOf, settlementLines } from './settlement.repository.ts';
import { markDuePayouts, runSettlement } from './settlement.service.ts';
import { resolveOwner } from '../settings/owner.ts';

const COLLECTING = 'collecting' as const;
/** The merchant's settlement report (SETTLEMENT_LIST) and the provider's (PSP_SETTLEMENT_LIST) read the same rows, scoped. */
const REPORT_ROLES = [...access.reports.settlement, ...access.pspReports.settlement];
const ZLine = z.object({
  kind: z.enum(SETTLEMENT_ITEM_KINDS),
  payment_product: z.string().nullable(),
  count: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
});

/** Settlement report calls: lines of a settlement, its items (with CSV export), payouts, and a run by hand. */
export const settlementRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'settlement-report',
    entity: settlementReportEntity,
    roles: REPORT_ROLES,
    feature: COLLECTING,
  });
  // Cost, commission and margin are the provider's business: a separate path that only provider roles open.
  registerReadRoutes(app, {
    path: 'psp/settlement-report',
    entity: pspSettlementReportEntity,
    roles: access.pspReports.settlement,
    feature: COLLECTING,
  });
  registerReadRoutes(app, {
    path: 'settlement-item',
    entity: settlementItemEntity,
    roles: REPORT_ROLES,
    feature: COLLECTING,
  });
  registerReadRoutes(app, { path: 'payout', entity: payoutEntity, roles: REPORT_ROLES, feature: COLLECTING });

  app.get('/v1/settlement/:id/lines', {
    config: { access: { roles: REPORT_ROLES, feature: COLLECTING } },
    schema: {
      tags: ['settlement'],
      description:
        'The lines of a settlement: its items summed by kind and payment product. The lines add up to the settlement amount (net = amount − fee).',
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: z.array(ZLine) },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      // Tenancy first: another merchant's settlement is a 404 like an unknown id.
      await getEntity(app.db, settlementEntity, actor.scope, request.params.id);
      return settlementLines(app.db, request.params.id);
    },
  });

  app.get('/v1/settlement/:id/pdf', {
    config: { access: { roles: REPORT_ROLES, feature: COLLECTING } },
    schema: {
      tags: ['settlement'],
      description:
        'The settlement as a PDF statement (streamed): header, the parts of the payout, the lines and their total, in `_lang` (nl, the default, or en-US) with the screen’s money and date formats.',
      params: z.object({ id: z.string().min(1).max(64) }),
      querystring: z.object({ _lang: z.enum(['nl', 'en-US']).default('nl') }).strict(),
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const s = await getEntity(app.db, settlementEntity, actor.scope, request.params.id, {
        _populate: 'organisation bank_account',
      });
      const organisation = s.organisation as { name?: string } | string;
      const account = s.bank_account as { iban?: string; holder_name?: string } | string | null;
      const pdf = settlementPdf(
        {
          id: s.id,
          merchant: typeof organisation === 'object' ? (organisation.name ?? '') : organisation,
          currency: s.currency_code,
          // Older settlements (made before the engine) may have no period: the statement then shows none.
          periodStart: s.period_start ? new Date(s.period_start) : null,
          periodEnd: s.period_end ? new Date(s.period_end) : null,
          status: s.status,
          gross: s.gross,
          refunded: s.refunded,
          chargebacks: s.chargebacks,
          fee: s.fee,
          reserve: s.reserve,
          reserveReleased: s.reserve_released,
          oneOffs: s.one_offs,
          amount: s.amount,
          transactionCount: s.transaction_count,
          iban: account && typeof account === 'object' ? (account.iban ?? null) : null,
          holder: account && typeof account === 'object' ? (account.holder_name ?? null) : null,
          payDate: await payoutDateOf(app.db, s.id),
          lines: await settlementLines(app.db, s.id),
          reconciliation: await payoutReconciliation(app.db, s.id),
        },
        request.query._lang,
      );
      reply.header('content-type', 'application/pdf');
      reply.header(
        'content-disposition',
        `attachment; filename="settlement-${new Date(s.period_start ?? s.created_at).toISOString().slice(0, 10)}-${request.query._lang}.pdf"`,
      );
      return reply.send(pdf);
    },
  });

  app.post('/v1/settlement/run', {
    config: { access: { roles: access.financeEdit.settlementRun, feature: COLLECTING } },
    schema: {
      tags: ['settlement'],
      description:
        'Settles every closed, unsettled period now (of one merchant when `organisation` is given), as the scheduled job does.',
      body: ZSettlementRun,
      response: { 200: ZSettlementRunResult },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const organisation = request.body.organisation ?? null;
      const merchantId = organisation ? (await resolveOwner(app.db, actor, organisation)).merchantId : null;
      if (actor.scope.kind !== 'all' && !merchantId) throw notFoundAt('body.organisation', 'Organisation');
      const now = request.body.until ? new Date(request.body.until) : new Date();
      if (now.getTime() > Date.now()) throw badRequest('body.until', 'A settlement run cannot look into the future');
      const result = await runSettlement(app.db, { now, merchantId });
      await markDuePayouts(app.db, new Date());
      await recordAudit(app.db, {
        ...actor.audit,
        type: 'settlement_run',
        responseCode: 200,
        entity: 'settlement',
        detail: { merchant: merchantId, settlements: result.settlements.length },
      });
      return result;
    },
  });
};
