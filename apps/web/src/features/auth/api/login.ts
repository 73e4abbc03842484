import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginAnswer, TLoginBody } from '@kassa/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { rememberSignedInUser } from '@/lib/session.ts';

/** `POST /v1/auth/login`; a wrong password is a 401 with `code`, not a lost session. */
export const login = (body: TLoginBody) =>
  apiRequest<TLoginAnswer>('POST', 'auth/login', { body, ignoreUnauthorized: true });

/** Signs in and puts the user into the cache, so guarded pages render at once. */
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('id' in result) {
        rememberSignedInUser(result.id);
        queryClient.setQueryData(['auth', 'me'], result);
      }
    },
  });
};
