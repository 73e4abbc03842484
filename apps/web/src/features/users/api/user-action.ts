import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { userPath, type UserRow, type UserSide } from './types.ts';

export type UserAction = 'disable' | 'enable' | 'reset-mfa' | 'resend-welcome';

/** `POST /v1/{user|psp/user}/:id/{action}`; the list and the detail reload. */
export const runUserAction = (side: UserSide, id: string, action: UserAction) =>
  apiPost<UserRow>(`${userPath(side)}/${encodeURIComponent(id)}/${action}`);

export const useUserAction = (side: UserSide) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) => runUserAction(side, id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [userPath(side)] }),
  });
};
