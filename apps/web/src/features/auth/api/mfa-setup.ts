import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMe, TMfaEnrolment, TMfaType } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { rememberSignedInUser } from '@/lib/session.ts';

export type MfaEnrolled = { mfa: { enabled: boolean; type: TMfaType | null }; recovery_codes: string[]; user?: TMe };

/** `POST /v1/auth/mfa/setup`: starts the chosen method of a forced enrolment. */
export const startMfaSetup = (body: { token: string; type: TMfaType }) =>
  apiPost<TMfaEnrolment>('auth/mfa/setup', body, { ignoreUnauthorized: true });

/** `POST /v1/auth/mfa/setup/confirm`: the first code turns MFA on and signs in. */
export const confirmMfaSetup = (body: { token: string; code: string }) =>
  apiPost<MfaEnrolled>('auth/mfa/setup/confirm', body, { ignoreUnauthorized: true });

export const useStartMfaSetup = () => useMutation({ mutationFn: startMfaSetup });

/** Confirms; the user is put into the cache only when the page lets them continue (after the recovery codes). */
export const useConfirmMfaSetup = () => useMutation({ mutationFn: confirmMfaSetup });

export const useFinishSignIn = () => {
  const queryClient = useQueryClient();
  return (me: TMe) => {
    rememberSignedInUser(me.id);
    queryClient.setQueryData(['auth', 'me'], me);
  };
};
