import { useQuery } from '@tanstack/react-query';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';
import type { PlanRow } from './types.ts';

const POPULATE = 'payment_profile organisation checkout';

/** `GET /v1/plan`, `/count` and `/:id` with the spec's populate (payments.md §7). */
export const plansQueryOptions = listOptions<PlanRow>('plan', POPULATE);
export const plansCountQueryOptions = countOptions('plan');
export const planQueryOptions = detailOptions<PlanRow>('plan', POPULATE);

/** Every plan of the context, for selects (a merchant has tens of plans, not thousands). */
export const useAllPlans = (scope: string) => useQuery(plansQueryOptions({ _limit: 500, _sort: 'name' }, scope));
export const usePlan = (id: string, scope: string) => useQuery(planQueryOptions(id, scope));
