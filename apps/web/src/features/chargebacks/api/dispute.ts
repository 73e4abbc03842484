import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidenceKind, TDispute } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';

/** `GET /v1/chargeback/:id/dispute`: reason, due date, checklist, files, response. */
export const disputeQueryOptions = (id: string, scope: string) =>
  queryOptions({
    queryKey: ['chargeback', 'dispute', scope, id] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<TDispute>(`chargeback/${encodeURIComponent(id)}/dispute`, {}, signal),
  });
export const useDispute = (id: string, scope: string) => useQuery(disputeQueryOptions(id, scope));

type Action =
  { kind: 'evidence'; file: File; evidence: EvidenceKind } | { kind: 'submit'; response: string } | { kind: 'accept' };

/** `POST evidence` (the file's bytes), `POST dispute` (the response) or `POST accept`. */
export const answerDispute = (id: string, action: Action) => {
  const base = `chargeback/${encodeURIComponent(id)}`;
  if (action.kind === 'evidence')
    return apiPost(`${base}/evidence`, action.file, { params: { kind: action.evidence, file_name: action.file.name } });
  if (action.kind === 'submit') return apiPost(`${base}/dispute`, { response: action.response });
  return apiPost(`${base}/accept`);
};

/** Answers, then refreshes the chargeback lists, detail and dispute. */
export const useAnswerDispute = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => answerDispute(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['chargeback'] }),
  });
};
