import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZDailyReportQuery, ZDailyReportRow } from '@kassa/domain';
import { badRequest } from '../../lib/http-error.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { dailyReport } from './daily-report.repository.ts';

const DAY = 86_400_000;
const MAX_DAYS = 366;

/** `report/daily` (payments.md §2): per UTC day, from the transaction rollup, so a year answers as fast as a day. */
export const dailyReportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/report/daily', {
    config: { access: { roles: access.reports.daily, feature: 'collecting' } },
    schema: {
      tags: ['report'],
      description:
        'Transactions per UTC day between day> and day< (inclusive, default the last 28 days): all attempts, and the captured ones with their volume.',
      querystring: ZDailyReportQuery,
      response: { 200: z.array(ZDailyReportRow) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const to = request.query['day<'] ?? new Date().toISOString().slice(0, 10);
      const from =
        request.query['day>'] ?? new Date(Date.parse(`${to}T00:00:00Z`) - 27 * DAY).toISOString().slice(0, 10);
      if (from > to)
        throw badRequest('querystring.day>', 'The end is before the start', 'validation_error', 'endBeforeStart');
      if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > MAX_DAYS * DAY)
        throw badRequest('querystring.day<', `At most ${MAX_DAYS} days`);
      return dailyReport(app.db, auth.scope, { from, to }, request.query.organisation);
    },
  });
};
