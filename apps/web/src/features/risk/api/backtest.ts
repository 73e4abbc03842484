import { useMutation } from '@tanstack/react-query';
import type { TRoutingBacktest, TRulesetBacktest } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { BacktestResult } from './types.ts';

/** `POST /v1/routing/backtest` or `/v1/validationruleset/backtest`: a draft replayed over 30 days. */
export const backtest = (
  request: { path: 'routing'; body: TRoutingBacktest } | { path: 'validationruleset'; body: TRulesetBacktest },
) => apiPost<BacktestResult>(`${request.path}/backtest`, request.body);

export const useBacktest = () => useMutation({ mutationFn: backtest });
