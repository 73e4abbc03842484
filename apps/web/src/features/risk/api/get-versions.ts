import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { VersionRow } from './types.ts';

/** `GET /v1/{routing|validationruleset}/{id}/versions`: who changed what, newest first. */
export const useVersions = (path: 'routing' | 'validationruleset', id: string, scope: string) =>
  useQuery(
    queryOptions({
      queryKey: [path, 'versions', scope, id],
      queryFn: ({ signal }) => apiGet<VersionRow[]>(`${path}/${encodeURIComponent(id)}/versions`, {}, signal),
    }),
  );
