import type { TBacktestResult, TConfigVersionRow, TRoutingRow, TRulesetRow, TTagRow } from '@kassa/domain';

export { populated } from '@/lib/entity-api.ts';

/** A routing as `GET /v1/routing` answers it (risk-config.md §3). */
export type RoutingRow = TRoutingRow;
export type TagRow = TTagRow;
export type RulesetRow = TRulesetRow;
export type ProcessorChoice = {
  id: string;
  name: string;
  payment_product: string | null;
  provider: string;
  active: boolean;
};
/** A payment profile as the routing screens need it: which routing it uses per product, with which processors. */
export type ProfileChoice = {
  id: string;
  name: string;
  processors: string[];
  routing: Record<string, string> | null;
  intelligent_routing: boolean;
};
export type OrganisationChoice = { id: string; name: string; type: string };
export type VersionRow = TConfigVersionRow;
export type BacktestResult = TBacktestResult;

/** The id of a relation, populated or not. */
export const idOf = (value: { id: string } | string | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
