import { useMutation } from '@tanstack/react-query';
import type { TUpdateEmailBody } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/auth/update-email` with the token mailed to the new address. */
export const updateEmail = (body: TUpdateEmailBody) =>
  apiPost<{ ok: boolean }>('auth/update-email', body, { ignoreUnauthorized: true });

export const useUpdateEmail = () => useMutation({ mutationFn: updateEmail });
