import { describe, expect, it } from 'vitest';
import { initialSearch, serializeListState, toApiParams } from '@/components/list-screen/search-params.ts';
import { parseTransactionParams, transactionListParams } from './search-params.ts';

const parse = (query: string) => parseTransactionParams(new URLSearchParams(query));

describe('transactions URL ⇄ filters', () => {
  it('reads filters in the spec names', () => {
    const state = parse(
      'created_at>=2026-01-01T00:00:00.000Z&status[]=FAILED&status[]=DECLINED&amount>=1000&merchant_reference=ORD-1&_sort=amount&_skip=50&_limit=50',
    );
    expect(state.filters).toEqual({
      'created_at>': '2026-01-01T00:00:00.000Z',
      'status[]': ['FAILED', 'DECLINED'],
      'amount>': '1000',
      merchant_reference: 'ORD-1',
    });
    expect(state).toMatchObject({ sort: 'amount', skip: 50, limit: 50 });
  });

  it('falls back to defaults for invalid values', () => {
    const state = parse(
      'created_at>=yesterday&status[]=NOPE&amount>=ten&_sort=password&_skip=-3&_limit=7&unknown=1&_search_by=email',
    );
    expect(state.filters).toEqual({});
    expect(state).toMatchObject({ sort: '-created_at', skip: 0, limit: 25, searchBy: null });
  });

  it('keeps valid members of a multi-value filter and drops duplicates', () => {
    expect(parse('status[]=FAILED&status[]=BOGUS&status[]=FAILED').filters['status[]']).toEqual(['FAILED']);
  });

  it('writes the state back as a readable URL that reads the same', () => {
    const state = parse(
      'status[]=FAILED&amount<=500&_search=ORD&_search_by=merchant_reference&_sort=-amount&_skip=25&open=tx_1',
    );
    const query = serializeListState(transactionListParams, state);
    expect(query).toBe(
      'status[]=FAILED&amount<=500&_search=ORD&_search_by=merchant_reference&_sort=-amount&_skip=25&open=tx_1',
    );
    expect(parse(query)).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(serializeListState(transactionListParams, parse('_sort=-created_at&_limit=25&_skip=0'))).toBe('');
  });

  it('maps to API parameters with the same names, without the open panel', () => {
    const params = toApiParams(parse('status[]=FAILED&_search=ORD&open=tx_1'));
    expect(params).toEqual({
      'status[]': ['FAILED'],
      _search: 'ORD',
      _search_by: undefined,
      _sort: '-created_at',
      _skip: 0,
      _limit: 25,
    });
  });

  it('redirects a bare URL to one month back, and nothing else', () => {
    const initial = initialSearch(transactionListParams, new URLSearchParams(''));
    expect(initial).toMatch(/^created_at>=\d{4}-\d{2}-\d{2}T/);
    const since = new Date(decodeURIComponent(initial!.split('=')[1]));
    const days = (Date.now() - since.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(27);
    expect(days).toBeLessThanOrEqual(32);
    expect(initialSearch(transactionListParams, new URLSearchParams('status[]=FAILED'))).toBeNull();
  });
});
