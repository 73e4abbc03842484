import type { TApiKeyCreated, TApiKeyRow } from '@kassa/domain';

export type ApiKeyRow = TApiKeyRow;
export type CreatedApiKey = TApiKeyCreated;
export const organisationName = (row: ApiKeyRow): string | null =>
  row.organisation && typeof row.organisation === 'object' ? (row.organisation as { name: string }).name : null;
