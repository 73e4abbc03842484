import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZDailyReportQuery, ZDailyReportRow, type TDailyReportRow } from '@kassa/domain';
import { badRequest } from '../../lib/http-error.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { sql } from '../../plugins/db/index.ts';
import { scopeCondition } from '../../query/where.ts';
import { CAPTURED_STATUSES } from './settlement.repository.ts';

const DAY = 86_400_000;
const MAX_DAYS = 366;

/** `report/daily` (payments.md §2): per UTC day, from the transaction rollup, so a year answers as fast as a day. */
export const dailyReportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/report/daily', {
    config: { access: { roles: access.reports.daily, feature: 'collecting' } },
    schema: { tags: ['report'], description: 'Transactions per UTC day between day> and day< (inclusive, default the last 28 days): all attempts, and the captured ones with their volume.', querystring: ZDailyReportQuery, response: { 200: z.array(ZDailyReportRow) } },
    handler: async (request) => {
      const auth = authOf(request);
      const to = request.query['day<'] ?? new Date().toISOString().slice(0, 10);
      const from = request.query['day>'] ?? new Date(Date.parse(`${to}T00:00:00Z`) - 27 * DAY).toISOString().slice(0, 10);
      if (from > to) throw badRequest('querystring.day>', 'finance.validation.validToBeforeFrom');
      if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > MAX_DAYS * DAY) throw badRequest('querystring.day<', `At most ${MAX_DAYS} days`);
      const scope = scopeCondition(auth.scope, 'merchant');
      const organisation = request.query.organisation;
      return app.db.query<TDailyReportRow>(sql`select to_char(e.day, 'YYYY-MM-DD') as day, e.currency_code, sum(e.count)::bigint as count,
          coalesce(sum(e.count) filter (where e.status = any(${[...CAPTURED_STATUSES]})), 0)::bigint as captured_count,
          coalesce(sum(e.volume) filter (where e.status = any(${[...CAPTURED_STATUSES]})), 0)::bigint as captured_volume
        from transaction_daily e
        where e.day between ${from}::date and ${to}::date ${scope ? sql`and ${scope}` : sql.empty}
          ${organisation ? sql`and e.organisation_id in (select o.id from organisation o where o.path like (select p.path || '%' from organisation p where p.id = ${organisation}))` : sql.empty}
        group by e.day, e.currency_code order by e.day desc, e.currency_code`);
    },
  });
};
