import { describe, expect, it } from 'vitest';
import { detailRequest, detailScreens, firstListRequests, listScreens, oneMonthBack } from './screen-requests.ts';

describe('the requests screens send', () => {
  it('starts the transactions list one month back with the relations its rows show, and counts without them', () => {
    const { list, count } = firstListRequests(listScreens.transactions);
    expect(list).toMatch(
      /^transaction\?_populate=customer%20processor&_fields=created_at%2Cmerchant_reference%2Camount%2C[^&]*%2Ccustomer\.first_name%2Ccustomer\.last_name%2Ccustomer\.email_address%2Cprocessor\.name&created_at>=\d{4}-\d{2}-\d{2}T[^&]+&_sort=-created_at$/,
    );
    expect(count).toMatch(/^transaction\/count\?created_at>=\d{4}-\d{2}-\d{2}T[^&]+$/);
  });

  it('keeps a list type as the screen sends it, and a default sort other than the newest first', () => {
    expect(firstListRequests(listScreens.transactions, { type: 'BLOCKED' }).count).toMatch(/&type=BLOCKED$/);
    expect(firstListRequests(listScreens.merchants)).toEqual({
      list: 'psp/merchant?active=true&_sort=-amount',
      count: 'psp/merchant/count?active=true',
    });
  });

  it('asks for a detail with its populate', () => {
    expect(detailRequest(detailScreens.transaction, 'tx 1')).toBe(
      'transaction/tx%201?_populate=customer%20payment_profile%20processor%20organisation',
    );
  });

  it('goes one month back to the start of the local day, to the last day of a shorter month', () => {
    expect(new Date(oneMonthBack(new Date(2026, 2, 31, 15, 30)))).toEqual(new Date(2026, 1, 28));
    expect(new Date(oneMonthBack(new Date(2026, 0, 15, 8)))).toEqual(new Date(2025, 11, 15));
  });
});
