import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDb } from '../test/engine.ts';
import { callAs, type Caller, signInTestUsers } from '../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { MASK } from './audit-mask.ts';
import { sql, type Db } from './db/index.ts';

/** Every JSON line the app logs at its most talkative level. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

type JsonSchema = {
  $ref?: string;
  type?: string;
  'x-secret'?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
};
type Operation = {
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

let db: Db;
let app: FastifyInstance;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;
let doc: Document;
beforeAll(async () => {
  db = await openTestDb();
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
  app = await buildApp({ config, db, logger: { stream: capture, level: 'trace' } });
  await app.ready();
  world = await createTestWorld(db);
  users = await signInTestUsers(app, TEST_PASSWORD);
  doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
const branches = (schema: JsonSchema) => [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];

/** Where the schema marks secret fields: `details[].value`, `values{}`, `keys.auth`. */
const secretPointers = (schema: JsonSchema | undefined, path: string, depth = 0): string[] => {
  if (!schema || depth > 20) return [];
  const s = resolve(schema);
  if (s['x-secret']) return [path];
  return [
    ...Object.entries(s.properties ?? {}).flatMap(([key, child]) =>
      secretPointers(child, path ? `${path}.${key}` : key, depth + 1),
    ),
    ...secretPointers(s.items, `${path}[]`, depth + 1),
    ...(typeof s.additionalProperties === 'object'
      ? secretPointers(s.additionalProperties, `${path}{}`, depth + 1)
      : []),
    ...branches(s).flatMap((branch) => secretPointers(branch, path, depth + 1)),
  ];
};
const hasSecret = (schema: JsonSchema | undefined) => secretPointers(schema, '').length > 0;

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
const bodySchema = (operation: Operation) => operation.requestBody?.content['application/json']?.schema;

/** Every secret field the OpenAPI document declares, as `METHOD path body.pointer` or `METHOD path <status>.pointer`. */
const declaredSecrets = () =>
  operations().flatMap(({ path, method, operation }) => [
    ...secretPointers(bodySchema(operation), '').map((pointer) => `${method} ${path} body.${pointer}`),
    ...Object.entries(operation.responses).flatMap(([status, response]) =>
      secretPointers(response.content?.['application/json']?.schema, '').map(
        (pointer) => `${method} ${path} ${status}.${pointer}`,
      ),
    ),
  ]);

/**
 * A body for the schema: its required fields with plain values, and every secret field (required or
 * not, however deep) with a new recognisable value, remembered in `secrets`.
 */
const sampleBody = (schema: JsonSchema, secrets: string[], depth = 0): unknown => {
  const s = resolve(schema);
  if (s['x-secret']) {
    const value = `KASSA-SECRET-${secrets.length}-${randomBytes(6).toString('hex')}`;
    secrets.push(value);
    return value;
  }
  if (depth > 12) return null;
  const options = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].filter(
    (option) => !resolve(option).nullable || resolve(option).type,
  );
  if (options.length) return sampleBody(options.find(hasSecret) ?? options[0], secrets, depth + 1);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((part) => sampleBody(part, secrets, depth + 1)));
  if (s.enum?.length) return s.enum[0];
  if (s.type === 'object' || s.properties) {
    const body: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(s.properties ?? {}))
      if (s.required?.includes(key) || hasSecret(child)) body[key] = sampleBody(child, secrets, depth + 1);
    if (typeof s.additionalProperties === 'object' && hasSecret(s.additionalProperties))
      body.private_key = sampleBody(s.additionalProperties, secrets, depth + 1);
    return body;
  }
  if (s.type === 'array') return s.items ? [sampleBody(s.items, secrets, depth + 1)] : [];
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.type === 'boolean') return true;
  if (s.format === 'email') return 'someone@test.kassa';
  if (s.format === 'uri') return 'https://receiver.test/hook';
  return 'x';
};

/** The whole audit trail as text. */
const auditText = async () =>
  (await db.query<{ dump: string | null }>(sql`select string_agg(a::text, ' ') as dump from audit_log a`))[0].dump ??
  '';

/** Waits until the entries written after the answers (onResponse) are in. */
const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    const value = await read();
    if (value !== undefined) return value;
    if (attempt > 100) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const expectNowhere = async (secrets: string[], answers: string[]) => {
  const trail = await auditText();
  const log = lines.join('\n');
  for (const value of secrets) {
    expect(trail, 'audit trail').not.toContain(value);
    expect(log, 'log').not.toContain(value);
    for (const answer of answers) expect(answer, 'answer').not.toContain(value);
  }
};

describe('fields the API declares secret', () => {
  it('include the known credentials, passwords, codes and tokens (removing a marker fails here)', () => {
    expect(declaredSecrets()).toEqual(
      expect.arrayContaining([
        'POST /v1/sharerequest/{id}/share body.values{}',
        'POST /v1/processor body.details[].value',
        'PUT /v1/processor/{id} body.details[].value',
        'POST /v1/processor/{id} body.details[].value',
        'POST /v1/auth/login body.password',
        'POST /v1/auth/update-password body.password',
        'POST /v1/auth/update-password body.token',
        'POST /v1/auth/update-email body.token',
        'POST /v1/profile/password body.current_password',
        'POST /v1/profile/password body.password',
        'POST /v1/profile/mfa/disable body.password',
        'POST /v1/auth/mfa body.code',
        'POST /v1/auth/mfa body.token',
        'POST /v1/auth/mfa/recovery body.recovery_code',
        'POST /v1/profile/mfa/confirm body.code',
        'POST /v1/checkout/{token}/challenge body.code',
        'POST /v1/transaction body.card_number',
        'POST /v1/pay/{token} body.card_number',
        'POST /v1/push/subscription body.keys.auth',
        'POST /v1/webhook/secret 200.secret',
        'POST /v1/profile/mfa 200.secret',
        'POST /v1/profile/mfa 200.otpauth_uri',
        'POST /v1/profile/mfa/confirm 200.recovery_codes[]',
        'POST /v1/apikey 201.key',
        'POST /v1/auth/login 200.mfa_token',
      ]),
    );
  });

  it('never reach the audit trail, the log or an error answer, on every route whose body has one', async () => {
    const targets = operations().filter(({ operation }) => hasSecret(bodySchema(operation)));
    expect(targets.length).toBeGreaterThanOrEqual(15);
    const since = (await db.query<{ now: Date }>(sql`select now()`))[0].now;
    const secrets: string[] = [];
    const answers: string[] = [];
    const audited: { method: string; route: string; secrets: string[] }[] = [];
    for (const { path, method, operation } of targets) {
      const own: string[] = [];
      const body = sampleBody(bodySchema(operation) as JsonSchema, own);
      expect(own.length, `${method} ${path}`).toBeGreaterThan(0);
      secrets.push(...own);
      const url = path.replace(/\{[^}]+\}/g, 'zz_unknown');
      // The provider reaches most routes; a merchant's own (answering a share request) the merchant.
      let who: Caller = users.provider;
      let response = await app.inject({ method: method as 'POST', url, headers: { ...who }, payload: body as object });
      if (response.statusCode === 403) {
        who = users.a;
        response = await app.inject({ method: method as 'POST', url, headers: { ...who }, payload: body as object });
      }
      answers.push(response.body);
      // Routes that keep their own entries (sign-in, the hosted pages) are not in the trail.
      if (!path.startsWith('/v1/auth/') && ![401, 403].includes(response.statusCode) && !/\{token\}/.test(path))
        audited.push({ method, route: path.replace(/\{([^}]+)\}/g, ':$1'), secrets: own });
    }
    expect(audited.length).toBeGreaterThanOrEqual(8);
    // Each audited request is in the trail with its body, the secret fields masked in place.
    for (const { method, route, secrets: own } of audited) {
      const entry = await eventually(async () => {
        const [row] = await db.query<{ body: string }>(
          sql`select (request->'body')::text as body from audit_log
            where type = ${`${method} ${route}`} and created_at >= ${since} and request->'body' is not null`,
        );
        return row;
      });
      expect(entry.body, `${method} ${route}`).toContain(MASK);
      for (const value of own) expect(entry.body).not.toContain(value);
    }
    await expectNowhere(secrets, answers);
  });
});

describe('the reproductions of issue 30 item 3', () => {
  it('answering a share request keeps no shared value in the audit trail, on success and on refusal', async () => {
    const created = await callAs(app, users.provider, 'POST', '/v1/sharerequest', {
      organisation: world.shopA.id,
      provider: 'Adyen',
      fields: [{ name: 'private_key' }, { name: 'hmac_key' }, { name: 'merchant_account' }],
    });
    expect(created.status).toBe(201);
    const values = {
      private_key: `-----BEGIN PRIVATE KEY-----${randomBytes(8).toString('hex')}`,
      hmac_key: `hmac-${randomBytes(8).toString('hex')}`,
      merchant_account: `ShopA_ECOM_${randomBytes(4).toString('hex')}`,
    };
    // A refused answer (an unknown field) first: its raw body is in the trail too.
    const refused = await callAs(app, users.a, 'POST', `/v1/sharerequest/${created.body.id}/share`, {
      values: { ...values, unknown_field: 'oops-not-requested' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const shared = await callAs(app, users.a, 'POST', `/v1/sharerequest/${created.body.id}/share`, { values });
    expect(shared.status).toBe(200);
    const entries = await eventually(async () => {
      const rows = await db.query<{ body: Record<string, unknown>; code: number }>(
        sql`select request->'body' as body, response_code as code from audit_log
          where type = 'POST /v1/sharerequest/:id/share' and url = ${`/v1/sharerequest/${created.body.id}/share`}`,
      );
      return rows.length === 2 ? rows : undefined;
    });
    expect(entries.find((entry) => entry.code === 200)?.body).toEqual({
      values: { private_key: MASK, hmac_key: MASK, merchant_account: MASK },
    });
    await expectNowhere(Object.values(values), [JSON.stringify(refused.body), JSON.stringify(shared.body)]);
  });

  it('updating a processor keeps no detail value in the audit trail, whatever the detail is called', async () => {
    const apiKey = `acq_${randomBytes(10).toString('hex')}`;
    const anyName = `free-form-${randomBytes(6).toString('hex')}`;
    for (const method of ['PUT', 'POST'] as const) {
      const updated = await callAs(app, users.provider, method, `/v1/processor/${world.processorId}`, {
        details: [
          { name: 'acquirer_api_key', value: apiKey },
          { name: 'terminal', description: 'free text', value: anyName },
        ],
      });
      expect(updated.status).toBe(200);
    }
    const bodies = await eventually(async () => {
      const rows = await db.query<{ body: { details: unknown[] } }>(
        sql`select request->'body' as body from audit_log
          where type in ('PUT /v1/processor/:id', 'POST /v1/processor/:id') and url = ${`/v1/processor/${world.processorId}`}`,
      );
      return rows.length === 2 ? rows : undefined;
    });
    for (const { body } of bodies)
      expect(body.details).toMatchObject([
        { name: 'acquirer_api_key', description: null, value: MASK },
        { name: 'terminal', description: 'free text', value: MASK },
      ]);
    await expectNowhere([apiKey, anyName], []);
  });

  it('masks secret query values and card numbers in the URL the trail keeps, as the log does', async () => {
    const card = '4111111111111111';
    const token = `tok-${randomBytes(8).toString('hex')}`;
    const paid = await callAs(app, users.a, 'POST', `/v1/transaction?card_number=${card}&token=${token}`, {
      payment_profile: world.profileA,
      amount: 1999,
      payment_product_type: 'card',
      merchant_reference: 'AUDIT-URL',
    });
    expect(paid.status).toBe(201);
    const entry = await eventually(async () => {
      const [row] = await db.query<{ url: string }>(
        sql`select url from audit_log where type = 'POST /v1/transaction' and request->'body'->>'merchant_reference' = 'AUDIT-URL'`,
      );
      return row;
    });
    expect(entry.url).toBe(`/v1/transaction?card_number=${MASK}&token=${MASK}`);
    await expectNowhere([card, token], []);
  });

  it('keeps secrets the API answers out of the trail: a new API key, a webhook secret, a TOTP enrolment', async () => {
    const key = await callAs(app, users.a, 'POST', '/v1/apikey', { name: 'masked', roles: ['TRANSACTION_LIST'] });
    expect(key.status).toBe(201);
    const webhook = await callAs(app, users.a, 'POST', '/v1/webhook/secret', {
      organisation: world.shopA.id,
      url: 'https://receiver.test/masked',
    });
    expect(webhook.status).toBe(200);
    const totp = await callAs(app, users.b, 'POST', '/v1/profile/mfa', { type: 'google' });
    expect(totp.status).toBe(200);
    const answered = [key.body.key, webhook.body.secret, totp.body.secret, totp.body.otpauth_uri] as string[];
    expect(answered.every((value) => typeof value === 'string' && value.length > 8)).toBe(true);
    await eventually(async () => {
      const [row] = await db.query<{ n: number }>(
        sql`select count(*)::int as n from audit_log where route in ('/v1/apikey', '/v1/webhook/secret', '/v1/profile/mfa')`,
      );
      return row.n >= 3 ? row : undefined;
    });
    await expectNowhere(answered, []);
  });
});
