import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/profile/password`: needs the current password; the server ends the other sessions. */
export const changePassword = (body: { current_password: string; password: string }) =>
  apiPost<{ ok: boolean }>('profile/password', body);

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile', 'sessions'] }),
  });
};
