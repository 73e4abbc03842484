import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let analyst: Caller;
let provider: Caller;
let ideal: string;
let secondCard: string;
let middleware: string;

const processorBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acquirer X',
  organisation: world.provider.id,
  description: 'Card acquiring',
  type: 'processor',
  provider: 'acquirerx',
  payment_product: 'card',
  user: 'kassa-account',
  details: [{ name: 'apiKey', description: 'Key at the acquirer', value: 'sk_live_acquirer_secret_1234' }],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, b, analyst, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  ideal = (
    await callAs(
      t.app,
      provider,
      'POST',
      '/v1/processor',
      processorBody({ name: 'iDEAL gateway', payment_product: 'ideal' }),
    )
  ).body.id;
  secondCard = (await callAs(t.app, provider, 'POST', '/v1/processor', processorBody({ name: 'Second card acquirer' })))
    .body.id;
  middleware = (
    await callAs(t.app, provider, 'POST', '/v1/middleware', {
      name: 'Fraud check',
      provider: 'sentinel',
      organisation: world.provider.id,
    })
  ).body.id;
});
afterAll(() => t.close());

describe('processors, processor settlements and middleware', () => {
  it('stores credentials encrypted and sends back only a hint; an empty value on update keeps the stored one', async () => {
    const created = await callAs(t.app, provider, 'POST', '/v1/processor', processorBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acquirer X',
      user: 'kassa-account',
      details: [{ name: 'apiKey', description: 'Key at the acquirer', value_hint: '••••1234' }],
    });
    expect(JSON.stringify(created.body)).not.toContain('sk_live_acquirer_secret_1234');
    const [raw] = await t.db.query<{ text: string }>(
      sql`select details::text as text from processor where id = ${created.body.id}`,
    );
    expect(raw.text).not.toContain('sk_live_acquirer_secret_1234');
    expect(raw.text).toContain('kse1:');

    const kept = await callAs(t.app, provider, 'POST', `/v1/processor/${created.body.id}`, {
      details: [
        { name: 'apiKey', description: 'Renamed' },
        { name: 'merchantId', value: 'M-77889900' },
      ],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.details).toMatchObject([
      { name: 'apiKey', description: 'Renamed', value_hint: '••••1234' },
      { name: 'merchantId', description: null, value_hint: '••••9900' },
    ]);
    const newWithout = await callAs(t.app, provider, 'POST', `/v1/processor/${created.body.id}`, {
      details: [{ name: 'other' }],
    });
    expect(errorPaths(newWithout.body)).toEqual(['body.details.0.value']);
    expect((await callAs(t.app, provider, 'GET', `/v1/processor/${created.body.id}/details`)).body).toHaveLength(2);
  });

  it('changes only the values of existing detail rows through the values call (a merchant context, §6)', async () => {
    const created = (
      await callAs(
        t.app,
        provider,
        'POST',
        '/v1/processor',
        processorBody({
          name: 'Values only',
          details: [
            { name: 'apiKey', description: 'Key', value: 'first-value-1111' },
            { name: 'merchantId', description: 'Account', value: 'M-00002222' },
          ],
        }),
      )
    ).body;
    const url = `/v1/processor/${created.id}/values`;
    const changed = await callAs(t.app, provider, 'POST', url, { details: [{ name: 'apiKey', value: 'second-3333' }] });
    expect(changed.status).toBe(200);
    // Every row stays, with its description; only the named value changed, the other kept.
    expect(changed.body.details).toMatchObject([
      { name: 'apiKey', description: 'Key', value_hint: '••••3333' },
      { name: 'merchantId', description: 'Account', value_hint: '••••2222' },
    ]);
    const unknown = await callAs(t.app, provider, 'POST', url, {
      details: [
        { name: 'merchantId', value: 'x' },
        { name: 'newRow', value: 'y' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(errorPaths(unknown.body)).toEqual(['body.details.1.name']);
    // No description, no other field: the schema is strict, and an unknown field is named by its own path.
    const described = await callAs(t.app, provider, 'POST', url, { details: [{ name: 'apiKey', description: 'New' }] });
    expect(errorPaths(described.body)).toEqual(['body.details.0.description']);
    expect(described.body.details[0]).toMatchObject({ code: 'unknownField' });
    expect(errorPaths((await callAs(t.app, provider, 'POST', url, { name: 'Renamed', details: [] })).body)).toEqual(
      expect.arrayContaining(['body.name', 'body.details']),
    );
    const after = await callAs(t.app, provider, 'GET', `/v1/processor/${created.id}/details`);
    expect(after.body.map((d: { name: string; value_hint: string }) => `${d.name}:${d.value_hint}`)).toEqual([
      'apiKey:••••3333',
      'merchantId:••••2222',
    ]);
    expect((await callAs(t.app, a, 'POST', url, { details: [{ name: 'apiKey', value: 'z' }] })).status).toBe(403);
  });

  it('refuses every §5 rule of the processor form with the field named', async () => {
    const empty = await callAs(t.app, provider, 'POST', '/v1/processor', {});
    expect(errorPaths(empty.body)).toEqual([
      'body.description',
      'body.details',
      'body.name',
      'body.organisation',
      'body.provider',
      'body.type',
      'body.user',
    ]);
    const noProduct = await callAs(t.app, provider, 'POST', '/v1/processor', processorBody({ payment_product: '' }));
    expect(errorPaths(noProduct.body)).toEqual(['body.payment_product']);
    const settlement = await callAs(
      t.app,
      provider,
      'POST',
      '/v1/processor',
      processorBody({ type: 'processorsettlement', payment_product: null }),
    );
    expect(errorPaths(settlement.body)).toEqual(['body.processor_settlement_type']);
    const detailName = await callAs(
      t.app,
      provider,
      'POST',
      '/v1/processor',
      processorBody({ details: [{ name: '', value: 'x' }] }),
    );
    expect(errorPaths(detailName.body)).toEqual(['body.details.0.name']);
    expect(
      errorPaths((await callAs(t.app, provider, 'POST', '/v1/processor', processorBody({ details: [] }))).body),
    ).toEqual(['body.details']);
    expect(
      errorPaths(
        (await callAs(t.app, provider, 'POST', '/v1/processor', processorBody({ organisation: world.shopA.id }))).body,
      ),
    ).toEqual(['body.organisation']);
    const ok = await callAs(
      t.app,
      provider,
      'POST',
      '/v1/processor',
      processorBody({ type: 'processorsettlement', payment_product: null, processor_settlement_type: 'sftp' }),
    );
    expect(ok.status).toBe(201);
  });

  it('lets only provider staff with the roles write processors and middleware', async () => {
    expect((await callAs(t.app, a, 'POST', '/v1/processor', processorBody())).status).toBe(403);
    expect((await callAs(t.app, a, 'POST', `/v1/processor/${ideal}`, { name: 'mine' })).status).toBe(403);
    expect((await callAs(t.app, a, 'GET', `/v1/processor/${ideal}/details`)).status).toBe(403);
    expect(
      (await callAs(t.app, a, 'POST', '/v1/middleware', { name: 'x', provider: 'y', organisation: world.provider.id }))
        .status,
    ).toBe(403);
    expect(
      (await callAs(t.app, provider, 'POST', '/v1/middleware', { name: '', provider: '' })).body.details
        .map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.name', 'body.organisation', 'body.provider']);
    const renamed = await callAs(t.app, provider, 'POST', `/v1/middleware/${middleware}`, { name: 'Fraud check 2' });
    expect(renamed.body).toMatchObject({ name: 'Fraud check 2', provider: 'sentinel' });
    expect((await callAs(t.app, provider, 'POST', '/v1/middleware/mw_unknown', { name: 'x' })).status).toBe(404);
  });
});

describe('payment profiles', () => {
  const profileBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Webshop NL',
    display_name: 'Shop A',
    organisation: world.shopA.id,
    processors: [world.processorId, ideal],
    ...overrides,
  });

  it('creates a profile with two processors, middleware, routing on and webhook URLs', async () => {
    const created = await callAs(
      t.app,
      a,
      'POST',
      '/v1/paymentprofile',
      profileBody({
        middleware: [middleware],
        intelligent_routing: true,
        webhook_transaction_update: 'https://shop-a.test/hooks/tx',
        webhook_failed_email: 'ops@shop-a.test',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      currency_code: 'EUR',
      processors: [world.processorId, ideal],
      middleware: [middleware],
      intelligent_routing: true,
      routing: {},
      webhook_transaction_update: 'https://shop-a.test/hooks/tx',
      webhook_refund_update: null,
      organisation: world.shopA.id,
    });
    const off = await callAs(t.app, a, 'POST', `/v1/paymentprofile/${created.body.id}`, {
      intelligent_routing: false,
      website: 'https://shop-a.test',
    });
    expect(off.body).toMatchObject({
      intelligent_routing: false,
      routing: {},
      website: 'https://shop-a.test',
      name: 'Webshop NL',
    });
  });

  it('refuses every §5 rule with the field named, and stores nothing', async () => {
    const before = (await callAs(t.app, a, 'GET', '/v1/paymentprofile/count')).body.count;
    const empty = await callAs(t.app, a, 'POST', '/v1/paymentprofile', {});
    expect(errorPaths(empty.body)).toEqual(['body.display_name', 'body.name', 'body.organisation']);
    const urls = await callAs(
      t.app,
      a,
      'POST',
      '/v1/paymentprofile',
      profileBody({
        webhook_refund_update: 'not a url',
        webhook_failed_email: 'nobody',
        website: 'ftp://x',
        currency_code: 'EURO',
      }),
    );
    expect(errorPaths(urls.body)).toEqual([
      'body.currency_code',
      'body.webhook_failed_email',
      'body.webhook_refund_update',
      'body.website',
    ]);
    const unknown = await callAs(
      t.app,
      a,
      'POST',
      '/v1/paymentprofile',
      profileBody({ processors: ['prc_nope'], middleware: ['mw_nope'] }),
    );
    expect(errorPaths(unknown.body)).toEqual(['body.middleware', 'body.processors']);
    // Two card processors with routing on and no routing that includes both: payments could not be routed.
    const unroutable = await callAs(
      t.app,
      a,
      'POST',
      '/v1/paymentprofile',
      profileBody({ processors: [world.processorId, secondCard], intelligent_routing: true }),
    );
    expect(unroutable.body.details).toMatchObject([
      { path: 'body.processors', message: 'This processor will result in unroutable transactions' },
    ]);
    const noSuchRouting = await callAs(
      t.app,
      a,
      'POST',
      '/v1/paymentprofile',
      profileBody({ intelligent_routing: true, routing: { card: 'rt_nope' } }),
    );
    expect(errorPaths(noSuchRouting.body)).toEqual(['body.routing.card']);
    expect(
      (await callAs(t.app, a, 'POST', '/v1/paymentprofile', profileBody({ merchant_id: world.shopB.id }))).status,
    ).toBe(400);
    expect((await callAs(t.app, a, 'GET', '/v1/paymentprofile/count')).body.count).toBe(before);
  });

  it('keeps tenants apart and refuses users without the role', async () => {
    expect((await callAs(t.app, a, 'POST', `/v1/paymentprofile/${world.profileB}`, { name: 'taken' })).status).toBe(
      404,
    );
    const foreignOrg = await callAs(
      t.app,
      a,
      'POST',
      '/v1/paymentprofile',
      profileBody({ organisation: world.shopB.id }),
    );
    expect(foreignOrg.status).toBe(404);
    expect(errorPaths(foreignOrg.body)).toEqual(['body.organisation']);
    expect(
      (await callAs(t.app, b, 'GET', '/v1/paymentprofile?_limit=100')).body.map((p: { id: string }) => p.id),
    ).not.toContain(world.profileA);
    expect((await callAs(t.app, analyst, 'POST', '/v1/paymentprofile', profileBody())).status).toBe(403);
    expect((await callAs(t.app, analyst, 'POST', `/v1/paymentprofile/${world.profileA}`, { name: 'x' })).status).toBe(
      403,
    );
    expect((await callAs(t.app, a, 'GET', '/v1/paymentprofile/routing')).body).toEqual([]);
  });
});
