import type { TBacktestResult, TConfigVersionRow, TRoutingRow, TRulesetRow, TTagRow } from '@kassa/domain';

export { populated } from '@/lib/entity-api.ts';

/** A routing as `GET /v1/routing` answers it (risk-config.md §3). */
export type RoutingRow = TRoutingRow;
export type TagRow = TTagRow;
export type RulesetRow = TRulesetRow;
export type ProcessorChoice = { id: string; name: string; payment_product: string | null; provider: string };
export type OrganisationChoice = { id: string; name: string; type: string };
export type VersionRow = TConfigVersionRow;
export type BacktestResult = TBacktestResult;

/** The id of a relation, populated or not. */
export const idOf = (value: { id: string } | string | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
