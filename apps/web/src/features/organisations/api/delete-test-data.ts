import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** The job that deletes an organisation's test data in the background. */
export type TestDataDeletion = { id: string; status?: string };

/** `POST /v1/organisation/{id}/test-data/delete` → 202 with the job (issue 38 item 4). */
export const deleteTestData = (organisationId: string) =>
  apiPost<TestDataDeletion>(`organisation/${encodeURIComponent(organisationId)}/test-data/delete`);

/** Starts the deletion; the lists empty once the job has run, not at once, so nothing is invalidated here. */
export const useDeleteTestData = () => useMutation({ mutationFn: deleteTestData });
