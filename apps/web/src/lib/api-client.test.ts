import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, buildQuery, buildUrl, configureApiClient, normalisePath } from './api-client.ts';

type Seen = { method: string; url: string; body: string };
let server: Server;
let seen: Seen[] = [];
let unauthorized = 0;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  // A real HTTP server standing in for the API, so requests go over the wire as in the browser.
  server = createServer(async (request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', body: await readBody(request) });
    if (request.url?.startsWith('/v1/slow')) return setTimeout(() => response.end('{}'), 2000);
    if (request.url?.startsWith('/v1/gone')) {
      response.writeHead(401, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ statusCode: 401, code: 'unauthenticated', message: 'Sign in' }));
    }
    if (request.url?.startsWith('/v1/bad')) {
      response.writeHead(400, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          statusCode: 400,
          code: 'validation_error',
          message: 'Bad',
          details: [{ path: 'body.amount', message: 'too big' }],
        }),
      );
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  configureApiClient({
    origin: `http://127.0.0.1:${port}`,
    onUnauthorized: () => (unauthorized += 1),
    defaults: () => ({}),
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  unauthorized = 0;
  configureApiClient({ defaults: () => ({}) });
});

describe('paths', () => {
  it('removes a trailing slash except on the version root', () => {
    expect(normalisePath('transaction/')).toBe('/v1/transaction');
    expect(normalisePath('/v1/transaction/count/')).toBe('/v1/transaction/count');
    expect(normalisePath('/v1/')).toBe('/v1/');
    expect(normalisePath('/v1')).toBe('/v1/');
    expect(normalisePath('')).toBe('/v1/');
  });
});

describe('query conventions', () => {
  it('drops empty values and internal flags, and sends arrays with []', () => {
    expect(
      buildQuery({
        status: ['PENDING', 'FAILED'],
        empty: '',
        none: null,
        nothing: undefined,
        list: [],
        __openDetail: 'x',
        merchant_reference: 'A&B',
      }),
    ).toBe('status[]=PENDING&status[]=FAILED&merchant_reference=A%26B');
  });

  it('keeps an explicit [] key without doubling it', () => {
    expect(buildQuery({ 'status[]': ['A'] })).toBe('status[]=A');
  });

  it('omits _limit when it is 25 and _skip when it is 0, but keeps other values', () => {
    expect(buildQuery({ _limit: 25, _skip: 0, _sort: '-created_at' })).toBe('_sort=-created_at');
    expect(buildQuery({ _limit: 50, _skip: 25 })).toBe('_limit=50&_skip=25');
    expect(buildQuery({ _limit: '25', _skip: '0' })).toBe('');
  });

  it('writes range bounds in the spec names and keeps false and 0 filters', () => {
    expect(buildQuery({ 'created_at>': '2026-01-01', 'amount<': 500, active: false, amount: 0 })).toBe(
      'created_at>=2026-01-01&amount<=500&active=false&amount=0',
    );
  });

  it('merges organisation defaults into GETs only, letting explicit params win', () => {
    configureApiClient({ defaults: () => ({ organisation: 'org_a' }) });
    expect(buildUrl('GET', 'transaction', { status: 'PENDING' })).toBe(
      '/v1/transaction?organisation=org_a&status=PENDING',
    );
    expect(buildUrl('GET', 'transaction', { organisation: 'org_b' })).toBe('/v1/transaction?organisation=org_b');
    expect(buildUrl('POST', 'transaction/tx_1/refund')).toBe('/v1/transaction/tx_1/refund');
  });
});

describe('requests over HTTP', () => {
  it('sends a PUT as POST with a JSON body', async () => {
    await apiRequest('PUT', 'plan/pl_1/', { body: { name: 'Gold' } });
    expect(seen).toEqual([{ method: 'POST', url: '/v1/plan/pl_1', body: '{"name":"Gold"}' }]);
  });

  it('sends GETs with the organisation context merged in', async () => {
    configureApiClient({ defaults: () => ({ organisation: 'org_a' }) });
    await apiRequest('GET', 'transaction', { params: { _limit: 25, _skip: 0, 'status[]': ['A', 'B'] } });
    expect(seen[0].url).toBe('/v1/transaction?organisation=org_a&status[]=A&status[]=B');
  });

  it('cancels a pending request on its signal', async () => {
    const controller = new AbortController();
    const pending = apiRequest('GET', 'slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('signs out on a 401 of a signed-in request, but not for the sign-in call itself', async () => {
    await expect(apiRequest('GET', 'gone')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(unauthorized).toBe(1);
    await expect(apiRequest('POST', 'gone', { body: {}, ignoreUnauthorized: true })).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(1);
  });

  it('exposes the error code and the paths of the wrong inputs', async () => {
    const error = (await apiRequest('POST', 'bad', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('validation_error');
    expect(error.details[0].path).toBe('body.amount');
  });
});
