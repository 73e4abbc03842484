import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

type Parameter = { name: string; in: string };
type Media = { schema?: { $ref?: string; items?: { $ref?: string } }; example?: unknown };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in?: string; scheme?: string }>;
    schemas: Record<string, { example?: unknown; properties?: Record<string, unknown> }>;
  };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
const componentOf = (ref: string | undefined) =>
  doc.components.schemas[(ref ?? '').replace('#/components/schemas/', '')];

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3, so an integrator can generate a client from it', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('names real query parameters, never the keywords of a JSON schema', () => {
    const keywords = new Set([
      'type',
      'additionalProperties',
      'properties',
      'propertyNames',
      'required',
      'anyOf',
      'oneOf',
      'allOf',
      'items',
    ]);
    const wrong = operations().flatMap(({ path, method, operation }) =>
      (operation.parameters ?? []).filter((p) => keywords.has(p.name)).map((p) => `${method} ${path} ${p.name}`),
    );
    expect(wrong).toEqual([]);
    const userList = doc.paths['/v1/user'].get.parameters?.map((p) => p.name);
    expect(userList).toEqual(expect.arrayContaining(['_limit', '_skip', '_sort', '_search', '_populate']));
  });

  it('declares both ways in: the session cookie and the API key', () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('types every entity list with its row schema and shows examples for the main calls', () => {
    const list = doc.paths['/v1/transaction'].get.responses['200'].content?.['application/json'].schema;
    const row = componentOf(list?.items?.$ref);
    expect(Object.keys(row.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'amount', 'currency_code', 'status', 'created_at']),
    );
    expect(row.example).toMatchObject({ amount: 2500, currency_code: 'EUR' });
    const refund = doc.paths['/v1/transaction/{id}/refund'].post;
    expect(refund.requestBody?.content['application/json'].schema).toMatchObject({ example: { amount: 1250 } });
    expect(componentOf(refund.responses['201'].content?.['application/json'].schema?.$ref).example).toMatchObject({
      amount: 1250,
      status: 'PENDING',
    });
    // No entity answers an untyped record any more.
    const untyped = operations().filter(({ operation }) =>
      Object.values(operation.responses).some((r) => {
        const schema = r.content?.['application/json'].schema as
          { type?: string; properties?: unknown; additionalProperties?: unknown } | undefined;
        return schema?.type === 'object' && !schema.properties && schema.additionalProperties !== undefined;
      }),
    );
    expect(untyped.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });
});

describe('the browsable documentation at /v1/docs', () => {
  it('answers HTML whose scripts and styles are files of our own origin, allowed by the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // No inline script: every <script> has a src, and each loads.
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      const src = /src="([^"]+)"/.exec(attributes)?.[1];
      expect(src).toBeDefined();
      const asset = await t.app.inject({
        method: 'GET',
        url: new URL(src as string, 'http://kassa.test/v1/docs/').pathname,
      });
      expect(asset.statusCode).toBe(200);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(spec.json().paths['/v1/transaction']).toBeDefined();
  });

  it('is also reached without the trailing slash, signed out', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
