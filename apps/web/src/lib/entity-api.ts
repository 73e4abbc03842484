import { queryOptions } from '@tanstack/react-query';
import { apiGet, type QueryParams } from './api-client.ts';

/**
 * The three reads every entity list has (`GET {path}`, `{path}/count`, `{path}/:id`), as query
 * options keyed `[path, 'list' | 'count' | 'detail', scope, …]` so that invalidating `[path]`
 * refreshes all of them. Feature api files wrap these, one file per call.
 */
export const listOptions =
  <Row>(path: string, populate?: string, fields?: string) =>
  (params: QueryParams, scope: string) =>
    queryOptions({
      queryKey: [path, 'list', scope, params] as readonly unknown[],
      queryFn: ({ signal }) => apiGet<Row[]>(path, { _populate: populate, _fields: fields, ...params }, signal),
    });

export const countOptions = (path: string) => (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: [path, 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>(`${path}/count`, params, signal),
  });

export const detailOptions =
  <Row>(path: string, populate?: string) =>
  (id: string, scope: string) =>
    queryOptions({
      queryKey: [path, 'detail', scope, id] as readonly unknown[],
      queryFn: ({ signal }) =>
        apiGet<Row>(`${path}/${encodeURIComponent(id)}`, populate ? { _populate: populate } : {}, signal),
    });

/** A fresh key per submission: a double click or a retry of the same submission cannot act twice. */
export const newIdempotencyKey = (): string =>
  // randomUUID exists only in secure contexts (https, localhost); plain http on a LAN gets random hex.
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A populated relation, or null when the API sent only its id. */
export const populated = <T extends object>(value: Partial<T> | string | null | undefined): T | null =>
  value && typeof value === 'object' ? (value as T) : null;
