import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe } from '@kassa/domain';
import { ApiError, apiRequest } from './api-client.ts';

let signedInUserId: string | null = null;

/** The id of the user the app believes is signed in (null when signed out). */
export const currentUserId = () => signedInUserId;

/** `GET /v1/auth/me`; a 401 simply means "signed out" here, not a lost session. */
export const fetchMe = async (signal?: AbortSignal): Promise<TMe | null> => {
  try {
    const me = await apiRequest<TMe>('GET', 'auth/me', { signal, ignoreUnauthorized: true });
    signedInUserId = me.id;
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      signedInUserId = null;
      return null;
    }
    throw error;
  }
};

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => fetchMe(signal), staleTime: Infinity });

/** The signed-in user, or null when signed out. */
export const useMe = () => useQuery(meQueryOptions());

export const forgetSignedInUser = () => {
  signedInUserId = null;
};
export const rememberSignedInUser = (id: string) => {
  signedInUserId = id;
};
