import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTagCreate, TTagUpdate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { TagRow } from './types.ts';

/** `POST /v1/tag` or `POST /v1/tag/{id}`; refreshes tag lists. */
export const saveTag = ({ id, body }: { id?: string; body: TTagCreate | TTagUpdate }) =>
  apiPost<TagRow>(id ? `tag/${encodeURIComponent(id)}` : 'tag', body);

export const useSaveTag = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tag'] }) });
};
