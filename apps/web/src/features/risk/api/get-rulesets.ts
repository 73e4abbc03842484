import { useQuery } from '@tanstack/react-query';
import type { TRulesetAction } from '@kassa/domain';
import { listOptions } from '@/lib/entity-api.ts';
import type { RulesetRow } from './types.ts';

/** `GET /v1/validationruleset?action=…&_populate=tag payment_profile organisation&_limit=null` (§7). */
export const rulesetsQueryOptions = listOptions<RulesetRow>('validationruleset', 'tag payment_profile organisation');
export const useRulesets = (action: TRulesetAction, scope: string) =>
  useQuery(rulesetsQueryOptions({ action, _limit: 'null', _sort: 'name' }, scope));
