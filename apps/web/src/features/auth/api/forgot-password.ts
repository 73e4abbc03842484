import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/auth/forgot-password`: answers the same whether or not the account exists. */
export const forgotPassword = (email: string) =>
  apiPost<{ ok: boolean }>('auth/forgot-password', { email }, { ignoreUnauthorized: true });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
