import { queryClient } from '@/lib/query-client.ts';
import { rememberRedirect } from '@/lib/redirect-memory.ts';
import { currentUserId, forgetSignedInUser } from '@/lib/session.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { navigateTo } from './navigator.ts';

let ending = false;

/**
 * Ends the session. `expired` (a 401 or inactivity) remembers where the user was, for the same
 * user after signing in again, and shows `/logout`; `manual` goes to `/login`.
 */
export const endSession = async (reason: 'expired' | 'manual') => {
  if (ending) return;
  const userId = currentUserId();
  if (reason === 'expired' && !userId) return;
  ending = true;
  try {
    if (reason === 'expired') rememberRedirect(window.location.pathname + window.location.search, userId);
    await apiRequest('POST', 'auth/logout', { ignoreUnauthorized: true }).catch(() => undefined);
    forgetSignedInUser();
    queryClient.clear();
    queryClient.setQueryData(['auth', 'me'], null);
    await navigateTo(reason === 'expired' ? '/logout' : '/login', { replace: true });
  } finally {
    ending = false;
  }
};
