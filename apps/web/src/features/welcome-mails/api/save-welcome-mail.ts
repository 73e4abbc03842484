import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWelcomeMailBody } from '@kassa/domain';
import { apiPost, apiRequest } from '@/lib/api-client.ts';
import type { WelcomeMailRow } from './types.ts';

/** Upsert: `POST /v1/psp/welcome-mail` with the id and fields (risk-config.md §7), then the list reloads. */
export const saveWelcomeMail = (body: TWelcomeMailBody) => apiPost<WelcomeMailRow>('psp/welcome-mail', body);
export const deleteWelcomeMail = (id: string) =>
  apiRequest<{ ok: boolean }>('DELETE', `psp/welcome-mail/${encodeURIComponent(id)}`);
/** Mails the template to the signed-in user. */
export const sendWelcomePreview = (id: string) =>
  apiPost<{ ok: boolean }>(`psp/welcome-mail/${encodeURIComponent(id)}/preview`);

export const useWelcomeMailMutations = () => {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['welcome-mail'] });
  return {
    save: useMutation({ mutationFn: saveWelcomeMail, onSuccess: reload }),
    remove: useMutation({ mutationFn: deleteWelcomeMail, onSuccess: reload }),
    preview: useMutation({ mutationFn: sendWelcomePreview }),
  };
};
