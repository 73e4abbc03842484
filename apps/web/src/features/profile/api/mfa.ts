import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMfaEnrolment, TMfaType } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

type Enrolled = { mfa: { enabled: boolean; type: TMfaType | null }; recovery_codes: string[] };

/** `POST /v1/profile/mfa`: starts turning MFA on (or switching method). */
export const startEnrolment = (type: TMfaType) => apiPost<TMfaEnrolment>('profile/mfa', { type });
/** `POST /v1/profile/mfa/confirm`: the first code; recovery codes come back once. */
export const confirmEnrolment = (body: { token: string; code: string }) =>
  apiPost<Enrolled>('profile/mfa/confirm', body);
/** `POST /v1/profile/mfa/disable`: needs the password. */
export const disableMfa = (password: string) => apiPost<Enrolled>('profile/mfa/disable', { password });

/** The three MFA calls of the profile; each refreshes the signed-in user's MFA state. */
export const useProfileMfa = () => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
  return {
    start: useMutation({ mutationFn: startEnrolment }),
    confirm: useMutation({ mutationFn: confirmEnrolment, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableMfa, onSuccess: refresh }),
  };
};
