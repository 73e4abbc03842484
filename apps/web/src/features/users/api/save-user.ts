import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserCreateBody, TUserUpdateBody } from '@kassa/domain';
import type { TChangeAccepted } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { changeNoteHeaders } from '@/lib/change-requests.ts';
import { userPath, type UserRow, type UserSide } from './types.ts';

/**
 * `POST /v1/{user|psp/user}` creates (and mails the welcome mail); with an id it updates. Giving an
 * administrative role under the four-eyes policy answers a change request (202); `note` says why.
 */
export const saveUser = (side: UserSide, id: string | null, body: TUserCreateBody | TUserUpdateBody, note?: string) =>
  apiPost<UserRow | TChangeAccepted>(id ? `${userPath(side)}/${encodeURIComponent(id)}` : userPath(side), body, {
    headers: changeNoteHeaders(note),
  });

export const useSaveUser = (side: UserSide) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, note }: { id: string | null; body: TUserCreateBody | TUserUpdateBody; note?: string }) =>
      saveUser(side, id, body, note),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [userPath(side)] }),
        queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
      ]),
  });
};
