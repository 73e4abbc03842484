import { useMutation } from '@tanstack/react-query';
import type { TUpdatePasswordBody } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/auth/update-password` with a reset or welcome token. */
export const updatePassword = (body: TUpdatePasswordBody) =>
  apiPost<{ ok: boolean }>('auth/update-password', body, { ignoreUnauthorized: true });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
