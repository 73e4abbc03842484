import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { WelcomeMailRow } from './types.ts';

/** One template for the detail view. */
export const getWelcomeMail = (id: string, signal?: AbortSignal) =>
  apiGet<WelcomeMailRow>(`psp/welcome-mail/${encodeURIComponent(id)}`, undefined, signal);

export const useWelcomeMail = (id: string | null) =>
  useQuery({
    queryKey: ['welcome-mail', 'detail', id],
    queryFn: ({ signal }) => getWelcomeMail(id as string, signal),
    enabled: Boolean(id),
  });
