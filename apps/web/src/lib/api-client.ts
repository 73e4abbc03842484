import { buildQuery, type DetailParams, type QueryParams, type TErrorBody } from '@kassa/domain';

// The query string is built by the domain's code, which `npm run bench` shares (screen-requests.ts).
export { buildQuery, type QueryParams, type QueryValue } from '@kassa/domain';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const API_ROOT = '/v1/';

/** An error answer of the API, with the stable `code` and the `details[].path` of the inputs. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Each refused input: `code` and `params` are what the web shows (lib/form-errors.ts); `message` is English. */
  readonly details: { path: string; code?: string; params?: DetailParams; message: string }[];
  constructor(status: number, body: Omit<Partial<TErrorBody>, 'details'> & { details?: ApiError['details'] }) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'network_error' : 'unknown');
    this.details = body.details ?? [];
  }
}

type ClientHooks = {
  /** Default filters of the organisation context, merged into every GET. */
  defaults: () => QueryParams;
  /** Called when a signed-in request answers 401: the session is gone. */
  onUnauthorized: () => void;
  /** Empty in the browser (same origin); tests point it at a real local server. */
  origin: string;
  /** The server's `kassa-cache` header (cache generations): a moved one means drop that copy. */
  onCacheGenerations: (header: string) => void;
};

const hooks: ClientHooks = { defaults: () => ({}), onUnauthorized: () => {}, origin: '', onCacheGenerations: () => {} };

/** Wires the client to the organisation context and the sign-out flow (done once by the app). */
export const configureApiClient = (next: Partial<ClientHooks>) => Object.assign(hooks, next);

/** `transaction/` → `/v1/transaction`; the version root keeps its slash. */
export const normalisePath = (path: string): string => {
  let full = path.startsWith('/') ? path : `${API_ROOT}${path}`;
  if (full === '/v1') full = API_ROOT;
  while (full.length > 1 && full.endsWith('/') && full !== API_ROOT) full = full.slice(0, -1);
  return full;
};

/** The full URL of a request; GETs get the organisation context's defaults under their own params. */
export const buildUrl = (method: HttpMethod, path: string, params: QueryParams = {}): string => {
  const merged = method === 'GET' ? { ...hooks.defaults(), ...params } : params;
  const query = buildQuery(merged);
  return query ? `${normalisePath(path)}?${query}` : normalisePath(path);
};

export type RequestOptions = {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in itself answers 401 for a wrong password: that is not a lost session. */
  ignoreUnauthorized?: boolean;
  headers?: Record<string, string>;
};

/** One request to the API. A PUT is sent as POST, as the server accepts it. */
export const apiRequest = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
  const sent = method === 'PUT' ? 'POST' : method;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // A file goes as its bytes (dispute evidence); everything else as JSON.
  const raw = options.body instanceof Blob;
  if (options.body !== undefined) headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
  let response: Response;
  try {
    response = await fetch(`${hooks.origin}${buildUrl(method, path, options.params)}`, {
      method: sent,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : raw ? (options.body as Blob) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: (error as Error).message });
  }
  if (response.status === 401 && !options.ignoreUnauthorized) hooks.onUnauthorized();
  const generations = response.headers.get('kassa-cache');
  if (generations) hooks.onCacheGenerations(generations);
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, (data as Partial<TErrorBody>) ?? {});
  return data as T;
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
};

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
  apiRequest<T>('GET', path, { params, signal });
export const apiPost = <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
  apiRequest<T>('POST', path, { ...options, body });
