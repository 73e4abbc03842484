import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrganisation, TOrganisationCreate, TOrganisationUpdate } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';

/** Every organisation of the tree below `root` (the signed-in user's own, or the merchant in context). */
export const getOrganisationTree = (root: string, signal?: AbortSignal) =>
  apiGet<TOrganisation[]>('organisation', { organisation: root, _limit: 1000, _sort: 'name' }, signal);

export const useOrganisationTree = (root: string | undefined) =>
  useQuery({
    queryKey: ['organisation', 'tree', root],
    queryFn: ({ signal }) => getOrganisationTree(root as string, signal),
    enabled: Boolean(root),
  });

/** `POST /v1/organisation` creates; with an id it updates (or moves). */
export const saveOrganisation = (id: string | null, body: TOrganisationCreate | TOrganisationUpdate) =>
  apiPost<TOrganisation>(id ? `organisation/${encodeURIComponent(id)}` : 'organisation', body);

/** After a save every organisation list reloads, the organisation selector's too (risk-config.md §4). */
export const useSaveOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TOrganisationCreate | TOrganisationUpdate }) =>
      saveOrganisation(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['organisation'] });
      await queryClient.invalidateQueries({ queryKey: ['organisations'] });
    },
  });
};
