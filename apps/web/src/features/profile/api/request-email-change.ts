import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/profile/email`: mails a confirmation link to the new address. */
export const requestEmailChange = (email: string) => apiPost<{ ok: boolean }>('profile/email', { email });

export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });
