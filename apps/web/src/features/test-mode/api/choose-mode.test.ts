import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resetModeQueries } from './choose-mode.ts';

describe('switching the mode', () => {
  it('drops every cached list, count and statistic, keeps the signed-in user and the configuration, and refetches the list on screen', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['auth', 'me'], { id: 'usr_1', mode: 'test' });
    queryClient.setQueryData(['app-config'], { session_idle_seconds: 900 });
    queryClient.setQueryData(['transaction', 'list', {}], [{ id: 'tx_live' }]);
    queryClient.setQueryData(['transaction', 'count', {}], { count: 3000 });
    queryClient.setQueryData(['statistics', 'transaction'], { revenue: 123 });
    // The list on screen: fresh for good, so only the reset makes it fetch (the server now answers test rows).
    queryClient.setQueryData(['refund', 'list'], [{ id: 'rf_live' }]);
    let fetched = 0;
    const onScreen = new QueryObserver(queryClient, {
      queryKey: ['refund', 'list'],
      queryFn: async () => {
        fetched += 1;
        return [{ id: 'rf_test' }];
      },
      staleTime: Infinity,
    });
    const unsubscribe = onScreen.subscribe(() => undefined);
    expect(fetched).toBe(0);

    await resetModeQueries(queryClient);

    expect(queryClient.getQueryData(['auth', 'me'])).toEqual({ id: 'usr_1', mode: 'test' });
    expect(queryClient.getQueryData(['app-config'])).toEqual({ session_idle_seconds: 900 });
    expect(queryClient.getQueryData(['transaction', 'list', {}])).toBeUndefined();
    expect(queryClient.getQueryData(['transaction', 'count', {}])).toBeUndefined();
    expect(queryClient.getQueryData(['statistics', 'transaction'])).toBeUndefined();
    expect(fetched).toBe(1);
    expect(queryClient.getQueryData(['refund', 'list'])).toEqual([{ id: 'rf_test' }]);
    unsubscribe();
  });
});
