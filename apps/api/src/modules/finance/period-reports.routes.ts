import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  PROVIDER_REPORT_CATEGORIES,
  PROVIDER_REPORT_MAX,
  ZCombinedReport,
  ZCombinedReportQuery,
  ZProviderReportQuery,
  ZProviderReportRow,
  type TCombinedReport,
  type TPeriodFigures,
  type TProviderReportRow,
} from '@kassa/domain';
import { badRequest } from '../../lib/http-error.ts';
import { authOf, hasFeature } from '../../plugins/auth-context.ts';
import { periodFigures, settlementFigures, type DayRange, type FiguresRow } from './period-reports.repository.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => dayOf(Date.parse(`${addMonths(month, 1)}-01T00:00:00Z`) - DAY);

/** A day range from `day>`/`day<` (default the last `days` days up to today), checked in order and length. */
const dayRange = (query: { 'day>'?: string; 'day<'?: string }, days: number, max: number): DayRange => {
  const to = query['day<'] ?? dayOf(Date.now());
  const from = query['day>'] ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY);
  if (from > to)
    throw badRequest('querystring.day>', 'The end is before the start', 'validation_error', 'endBeforeStart');
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY >= max)
    throw badRequest('querystring.day<', `At most ${max} days`);
  return { from, to };
};

/** A month range from `month>`/`month<` (default the last 12 months), as the UTC days it covers. */
const monthRange = (query: { 'month>'?: string; 'month<'?: string }): DayRange => {
  const to = query['month<'] ?? dayOf(Date.now()).slice(0, 7);
  const from = query['month>'] ?? addMonths(to, -11);
  if (from > to)
    throw badRequest('querystring.month>', 'The end is before the start', 'validation_error', 'endBeforeStart');
  if (addMonths(from, PROVIDER_REPORT_MAX.monthly) <= to)
    throw badRequest('querystring.month<', `At most ${PROVIDER_REPORT_MAX.monthly} months`);
  return { from: `${from}-01`, to: lastDayOf(to) };
};

const figuresOf = (row: FiguresRow): TPeriodFigures => ({
  count: row.count,
  captured_count: row.captured_count,
  captured_volume: row.captured_volume,
  refund_count: row.refund_count,
  refund_volume: row.refund_volume,
  chargeback_count: row.chargeback_count,
  chargeback_volume: row.chargeback_volume,
});

/** The provider's daily and monthly reports and the merchant's combined report, all from the rollups (payments.md §2). */
export const periodReportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/v1/psp/report/:category', {
    config: { access: { roles: access.pspReports.list } },
    schema: {
      tags: ['report'],
      description:
        'Per merchant, currency and UTC day (daily: day>, day<, default the last 28 days, at most a year) or month (monthly: month>, month<, default the last 12 months, at most 36): attempts, captured payments, processed refunds and lost chargebacks.',
      params: z.object({ category: z.enum(PROVIDER_REPORT_CATEGORIES) }),
      querystring: ZProviderReportQuery,
      response: { 200: z.array(ZProviderReportRow) },
    },
    handler: async (request) => {
      const { category } = request.params;
      const query = request.query;
      // The other category's range keys are refused, not silently ignored.
      const foreign = (category === 'daily' ? ['month>', 'month<'] : ['day>', 'day<']).find((key) => key in query);
      if (foreign)
        throw badRequest(
          `querystring.${foreign}`,
          `The ${category} report takes ${category === 'daily' ? 'day> and day<' : 'month> and month<'}`,
        );
      const range = category === 'daily' ? dayRange(query, 28, PROVIDER_REPORT_MAX.daily) : monthRange(query);
      const rows = await periodFigures(
        app.db,
        authOf(request).scope,
        range,
        { period: category === 'daily' ? 'day' : 'month', merchant: true, product: false },
        query.organisation,
      );
      return rows.map((row): TProviderReportRow => ({
        period: row.period,
        merchant: { id: row.merchant_id, name: row.merchant_name },
        currency_code: row.currency_code,
        ...figuresOf(row),
      }));
    },
  });

  app.get('/v1/report/combined', {
    config: { access: { roles: access.reports.combined } },
    schema: {
      tags: ['report'],
      description:
        'The combined report of a range of UTC days (day>, day<, default the last 28, at most a year), per currency: what was processed (in total and per payment product) and, with the collecting feature, the settlements whose period starts in the range.',
      querystring: ZCombinedReportQuery,
      response: { 200: ZCombinedReport },
    },
    handler: async (request): Promise<TCombinedReport> => {
      const auth = authOf(request);
      const range = dayRange(request.query, 28, PROVIDER_REPORT_MAX.daily);
      const organisation = request.query.organisation;
      // Provider staff ask about the merchant of their context; a merchant user only ever about its own merchant.
      const collecting = await hasFeature(
        app.db,
        auth.scope.kind === 'all' && organisation ? organisation : auth.organisation.id,
        'collecting',
      );
      const [products, settlements] = await Promise.all([
        periodFigures(app.db, auth.scope, range, { period: null, merchant: false, product: true }, organisation),
        collecting ? settlementFigures(app.db, auth.scope, range, organisation) : Promise.resolve([]),
      ]);
      const currencies = [
        ...new Set([...products.map((row) => row.currency_code), ...settlements.map((row) => row.currency_code)]),
      ].sort();
      const zero: TPeriodFigures = {
        count: 0,
        captured_count: 0,
        captured_volume: 0,
        refund_count: 0,
        refund_volume: 0,
        chargeback_count: 0,
        chargeback_volume: 0,
      };
      return {
        ...range,
        collecting,
        currencies: currencies.map((currency_code) => {
          const of = products.filter((row) => row.currency_code === currency_code);
          const totals = of.reduce((sum, row) => {
            const f = figuresOf(row);
            return Object.fromEntries(
              Object.entries(sum).map(([key, value]) => [key, value + f[key as keyof TPeriodFigures]]),
            ) as TPeriodFigures;
          }, zero);
          const settlement = settlements.find((row) => row.currency_code === currency_code);
          const { currency_code: _c, ...settled } = settlement ?? {
            currency_code,
            count: 0,
            transaction_count: 0,
            gross: 0,
            refunded: 0,
            chargebacks: 0,
            fee: 0,
            reserve: 0,
            one_offs: 0,
            amount: 0,
            paid_out: 0,
          };
          return {
            currency_code,
            totals,
            products: of.map((row) => ({ payment_product: row.payment_product, ...figuresOf(row) })),
            settlement: collecting ? settled : null,
          };
        }),
      };
    },
  });
};
