import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserCreateBody, TUserUpdateBody } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { userPath, type UserRow, type UserSide } from './types.ts';

/** `POST /v1/{user|psp/user}` creates (and mails the welcome mail); with an id it updates. */
export const saveUser = (side: UserSide, id: string | null, body: TUserCreateBody | TUserUpdateBody) =>
  apiPost<UserRow>(id ? `${userPath(side)}/${encodeURIComponent(id)}` : userPath(side), body);

export const useSaveUser = (side: UserSide) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TUserCreateBody | TUserUpdateBody }) =>
      saveUser(side, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [userPath(side)] }),
  });
};
