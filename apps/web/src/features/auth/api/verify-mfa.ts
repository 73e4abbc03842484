import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMe, TMfaBody } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { rememberSignedInUser } from '@/lib/session.ts';

/** `POST /v1/auth/mfa`: the second sign-in step. */
export const verifyMfa = (body: TMfaBody) => apiPost<TMe>('auth/mfa', body, { ignoreUnauthorized: true });

/** `POST /v1/auth/mfa/recovery`: a single-use recovery code instead of the app's code. */
export const verifyRecoveryCode = (body: { username: string; token: string; recovery_code: string }) =>
  apiPost<TMe>('auth/mfa/recovery', body, { ignoreUnauthorized: true });

/** Completes the sign-in and puts the user into the cache, so guarded pages render at once. */
export const useVerifyMfa = () => {
  const queryClient = useQueryClient();
  const signedIn = (me: TMe) => {
    rememberSignedInUser(me.id);
    queryClient.setQueryData(['auth', 'me'], me);
  };
  return {
    code: useMutation({ mutationFn: verifyMfa, onSuccess: signedIn }),
    recovery: useMutation({ mutationFn: verifyRecoveryCode, onSuccess: signedIn }),
  };
};
