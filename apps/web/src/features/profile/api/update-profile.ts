import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLanguage, TMe } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/profile`: name, language and time zone of the signed-in user. */
export const updateProfile = (body: { name?: string; language?: TLanguage; time_zone?: string }) =>
  apiPost<TMe>('profile', body);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(['auth', 'me'], me);
      // Statistics days follow the time zone: answers cached under the old one are stale.
      void queryClient.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
};
