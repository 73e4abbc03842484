import { useMutation } from '@tanstack/react-query';
import type { TTestDataDeletion } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';

/** `POST /v1/organisation/{id}/test-data/delete` → 202 with the job (issue 38 item 4). */
export const deleteTestData = (organisationId: string) =>
  apiPost<TTestDataDeletion>(`organisation/${encodeURIComponent(organisationId)}/test-data/delete`);

/** Starts the deletion; the lists empty once the job has run, not at once, so nothing is invalidated here. */
export const useDeleteTestData = () => useMutation({ mutationFn: deleteTestData });
