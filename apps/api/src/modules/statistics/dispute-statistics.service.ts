import type { TDisputeAnalytics, TStatisticsQuery } from '@kassa/domain';
import type { Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { currencyOf, filterConditions } from './statistics.repository.ts';
import { rangeOf } from './statistics.service.ts';
import { decidedDisputes, winsByEvidence, winsByReasonCode, wonLostPerMonth } from './dispute-statistics.repository.ts';

const withRate = <T extends { decided: number; won: number }>(row: T) => ({
  ...row,
  win_rate: row.decided ? row.won / row.decided : null,
});

/**
 * `GET /v1/statistics/disputes` (issue 36): of the chargebacks decided in the range, the win rate by
 * reason code and by the evidence submitted, and the amounts won and lost per local month.
 */
export const disputeAnalytics = async (
  db: Queryable,
  scope: Scope,
  query: TStatisticsQuery,
  zone: string,
): Promise<TDisputeAnalytics> => {
  const range = rangeOf(query);
  const filters = filterConditions(scope, { ...query, status: undefined, 'status[]': undefined }, { currency: true });
  const source = decidedDisputes(filters, new Date(range.lower), new Date(range.upper));
  const [reasons, evidence, months] = await Promise.all([
    winsByReasonCode(db, source),
    winsByEvidence(db, source),
    wonLostPerMonth(db, source, zone),
  ]);
  return {
    currency_code: currencyOf(query),
    by_reason_code: reasons.map(withRate),
    by_evidence: evidence.map(withRate),
    by_month: months,
  };
};
