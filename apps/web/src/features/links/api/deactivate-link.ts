import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { LinkKind, LinkRow } from './types.ts';

/** `POST /v1/{kind}/:id/deactivate`: the customer can no longer use the link. */
export const deactivateLink = (kind: LinkKind, id: string) =>
  apiPost<LinkRow>(`${kind}/${encodeURIComponent(id)}/deactivate`);

/** Deactivates, then refreshes the lists and the detail of that kind. */
export const useDeactivateLink = (kind: LinkKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deactivateLink(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [kind] }),
  });
};
