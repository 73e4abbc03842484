import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  ZAchievement,
  ZAggregateRow,
  ZAggregateTotal,
  ZClientRow,
  ZBestCustomer,
  ZDailyAggregate,
  ZDayAndTimeCell,
  ZDisputeAnalytics,
  ZGroupRow,
  ZLifecycleEntry,
  ZLocationRow,
  ZMerchantRevenue,
  ZRfmRow,
  ZProcessorCompare,
  ZProcessorRevenue,
  ZRecentActivity,
  ZSegmentRow,
  ZStatisticsCurrency,
  ZStatisticsQuery,
  ZToday,
  type RoleList,
  ZDayOfWeekRow,
  ZOutcomeRow,
  ZPreviousTotal,
  ZSchemeRow,
  ZTypePeriodRow,
} from '@kassa/domain';
import { authOf } from '../../plugins/auth-context.ts';
import * as stats from './statistics.service.ts';
import { rfmSegments } from './rfm.service.ts';
import { disputeAnalytics } from './dispute-statistics.service.ts';
import { profileCurrencies } from './statistics.repository.ts';

const RANGE =
  "Range created_at> / created_at< (ISO instants, inclusive; default the last 28 days); periods are local days, ISO weeks and months in the user's time zone (profile; Europe/Amsterdam by default). Money is answered in one currency: currency_code, by default the one of the caller's payment profiles (statistics/currency); amounts in different currencies are never added.";

/** The statistics calls of portal.md §7 and payments.md §7, answered from the hourly rollup where it can. */
export const statisticsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const get = <T extends z.ZodType>(
    path: string,
    roles: RoleList,
    response: T,
    description: string,
    answer: (
      scope: ReturnType<typeof authOf>['scope'],
      query: z.infer<typeof ZStatisticsQuery>,
      zone: string,
    ) => Promise<z.infer<T>>,
  ) =>
    app.get(`/v1/${path}`, {
      // Statistics may be a few seconds old: a read replica answers them when there is one.
      config: { access: { roles }, replica: true },
      // The answer's type is checked against `response` by the generic above; the reply validates it again at run time.
      schema: {
        tags: ['statistics'],
        description,
        querystring: ZStatisticsQuery,
        response: { 200: response as z.ZodType },
      },
      handler: async (request) => {
        const auth = authOf(request);
        // Without currency_code money statistics are in the caller's own currency (grouped by currency, in every one).
        const query =
          request.query.currency_code || request.query.group_by === 'currency_code'
            ? request.query
            : {
                ...request.query,
                currency_code: (await profileCurrencies(app.db, auth.scope, request.query.organisation)).currency_code,
              };
        return answer(auth.scope, query, auth.timeZone) as Promise<unknown>;
      },
    });
  const roles = access.statistics;
  for (const entity of ['transaction', 'refund', 'customer'] as const) {
    get(
      `${entity}/aggregate/stats`,
      roles[entity],
      z.array(ZAggregateRow),
      `Count and volume per period. ${RANGE}`,
      (scope, query, zone) => stats.aggregateStats(app.db, entity, scope, query, zone),
    );
    get(
      `${entity}/aggregate/total`,
      roles[entity],
      ZAggregateTotal,
      `Count, volume and the number of periods. ${RANGE}`,
      (scope, query, zone) => stats.aggregateTotal(app.db, entity, scope, query, zone),
    );
    get(
      `${entity}/aggregate/previous`,
      roles[entity],
      ZPreviousTotal,
      `The previous-period aggregate: count, volume and periods of the range of the same length just before the asked one (its bounds in created_at> / created_at<). ${RANGE}`,
      (scope, query, zone) => stats.previousTotal(app.db, entity, scope, query, zone),
    );
  }
  for (const entity of ['refund', 'customer'] as const) {
    get(
      `${entity}/aggregate`,
      roles[entity],
      z.array(ZGroupRow),
      `Count and volume grouped by group_by (${entity === 'refund' ? 'status or currency_code' : 'status'}). ${RANGE}`,
      (scope, query) => stats.otherAggregateGroup(app.db, entity, scope, query),
    );
  }
  get(
    'transaction/aggregate',
    roles.transaction,
    z.array(ZGroupRow),
    `Count and volume grouped by group_by. ${RANGE}`,
    (scope, query) => stats.aggregateGroup(app.db, scope, query),
  );
  get(
    'transaction/aggregate/lifecycle',
    roles.transaction,
    z.array(ZLifecycleEntry),
    `The lifecycle diagram's statuses with their shares. ${RANGE}`,
    (scope, query) => stats.lifecycle(app.db, scope, query),
  );
  get(
    'transaction/aggregate/location',
    roles.transaction,
    z.array(ZLocationRow),
    `Volume per country of the transaction. ${RANGE}`,
    (scope, query) => stats.location(app.db, scope, query),
  );
  get(
    'statistics/dayandtime',
    roles.transaction,
    z.array(ZDayAndTimeCell),
    `Cells of the user's local ISO weekday (date, 1 = Monday) × hour. ${RANGE}`,
    (scope, query, zone) => stats.dayAndTimeCells(app.db, scope, query, zone),
  );
  get(
    'statistics/aggregate/day',
    roles.transaction,
    z.array(ZDailyAggregate),
    `Amount and count per local day; blocked=true|false narrows. ${RANGE}`,
    (scope, query, zone) => stats.dailyAggregate(app.db, scope, query, zone),
  );
  get(
    'statistics/currency',
    roles.currency,
    ZStatisticsCurrency,
    "The currency money statistics are answered in without currency_code: the one the caller's payment profiles use (in organisation, when named; EUR when any of them uses it), and all their currencies.",
    (scope, query) => profileCurrencies(app.db, scope, query.organisation),
  );
  get(
    'statistics/today',
    access.dashboard,
    ZToday,
    "Revenue today (the user's local day) so far and the mean of the same weekday over the 4 weeks before.",
    (scope, query, zone) => stats.today(app.db, scope, query, zone),
  );
  get(
    'statistics/amazingthings',
    access.dashboard,
    z.array(ZAchievement),
    'Achievements: the last 7 days against the 7 before.',
    (scope, query) => stats.achievements(app.db, scope, query),
  );
  get(
    'statistics/recent',
    access.dashboard,
    z.array(ZRecentActivity),
    'The newest transactions and refunds.',
    (scope, query) => stats.recent(app.db, scope, query),
  );
  get(
    'statistics/processor/revenue',
    roles.processor,
    z.array(ZProcessorRevenue),
    'Revenue per processor over the last 24 hours and the 24 before; ids narrows.',
    (scope, query) => stats.processorRevenue(app.db, scope, query),
  );
  get(
    'statistics/processor/compare',
    roles.processor,
    z.array(ZProcessorCompare),
    '1 to 3 processors (ids) over the last 28 days.',
    (scope, query) => stats.processorCompare(app.db, scope, query),
  );
  get(
    'statistics/merchant/revenue',
    roles.merchants,
    z.array(ZMerchantRevenue),
    "The provider's merchant revenue list: top merchants by revenue (_sort=-amount, or -count) over the last 24 hours (_limit, default 5; active=true, or false for inactive merchants).",
    (scope, query) => stats.topMerchants(app.db, scope, query),
  );
  get(
    'statistics/type',
    roles.transaction,
    z.array(ZTypePeriodRow),
    `Statistics by type and period: count and volume per period and payment product type. ${RANGE}`,
    (scope, query, zone) => stats.typeStats(app.db, scope, query, zone),
  );
  get(
    'statistics/dayofweek',
    roles.transaction,
    z.array(ZDayOfWeekRow),
    `Count and volume per local ISO weekday (date, 1 = Monday). ${RANGE}`,
    (scope, query, zone) => stats.dayOfWeek(app.db, scope, query, zone),
  );
  get(
    'statistics/outcome',
    roles.transaction,
    z.array(ZOutcomeRow),
    `Transactions per outcome (approved, declined, failed, cancelled, open, chargeback, other) with the share of the count. ${RANGE}`,
    (scope, query) => stats.outcomes(app.db, scope, query),
  );
  get(
    'statistics/disputes',
    access.chargeback.list,
    ZDisputeAnalytics,
    `Dispute analytics (issue 36): of the chargebacks decided (WON, LOST) in the range, by their decision time, the win rate by reason code and by the evidence submitted, and the amounts won and lost per local month. ${RANGE}`,
    (scope, query, zone) => disputeAnalytics(app.db, scope, query, zone),
  );
  get(
    'statistics/scheme',
    roles.transaction,
    z.array(ZSchemeRow),
    `Transactions per card scheme (payment schemes; other = no card). ${RANGE}`,
    (scope, query) => stats.schemes(app.db, scope, query),
  );
  const clients = [
    ['platform', 'platform', "the customer's operating system on Kassa's hosted pages"],
    ['browser', 'browser', "the customer's browser on Kassa's hosted pages"],
    ['issuer', 'issuer', "the card's issuer by BIN (Kassa's BIN table)"],
    ['issuer/country', 'issuer_country', "the card issuer's country by BIN"],
  ] as const;
  for (const [path, kind, what] of clients)
    get(
      `statistics/${path}`,
      roles.transaction,
      z.array(ZClientRow),
      `Transactions per ${what}, with the share of the count; value null where it is unknown. ${RANGE}`,
      (scope, query) => stats.clientStats(app.db, kind, scope, query),
    );
  get(
    'customer/aggregate/best',
    roles.customer,
    z.array(ZBestCustomer),
    `Customers with the most volume, or the most transactions with _sort=-count (_limit, default 10). ${RANGE}`,
    (scope, query) => stats.best(app.db, scope, query),
  );
  get(
    'customer/aggregate/rfm',
    access.signedIn,
    z.array(ZRfmRow),
    'Customers per RFM segment with their share and mean recency, frequency and monetary scores (1–5), as the hourly RFM job scored them from the customer_monthly rollup.',
    (scope, query) => rfmSegments(app.db, scope, query.organisation),
  );
  get(
    'customer/aggregate/segment',
    roles.customer,
    z.array(ZSegmentRow),
    'Customers per RFM segment with their share.',
    (scope, query) => stats.segmentShares(app.db, scope, query),
  );
};
