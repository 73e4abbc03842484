import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/** What the sandbox acquirer does with a payment: its status and the scheme's response code. */
export type TestOutcome = {
  /** approved, declined, failed, challenge (3-D Secure), chargeback (a day later), … */
  outcome: string;
  status?: string | null;
  code?: string | null;
  reason?: string | null;
};
export type TestCard = TestOutcome & { number: string; brand?: string | null };
/** An amount whose last two digits (minor units) force an outcome with any other card. */
export type TestAmount = TestOutcome & { minor_units?: string | number; amount?: number };
export type TestCards = { cards: TestCard[]; amounts: TestAmount[] };

/** `GET /v1/test-cards`: the documented test cards and amounts, and the outcome each forces. */
export const testCardsQueryOptions = () =>
  queryOptions({
    // The same in both modes and for everyone: documentation of the sandbox.
    queryKey: ['test-cards'],
    queryFn: ({ signal }) => apiGet<TestCards>('test-cards', {}, signal),
    staleTime: Infinity,
  });

export const useTestCards = () => useQuery(testCardsQueryOptions());
