import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let provider: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id}, ${world.shopB.id})`,
  );
  ({ a, b, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

const rule = { payment_product: 'card', fixed: 15, percentage_bp: 120, minimum: 20, maximum: null };

describe('pricing schemes', () => {
  it('creates a revenue scheme with fee rules in minor units and basis points, and edits it', async () => {
    const created = await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', {
      name: 'Standard',
      rules: [rule, { fixed: 25 }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'revenue',
      name: 'Standard',
      active: true,
      visible: true,
      currency_code: 'EUR',
    });
    expect(created.body.rules).toEqual([
      {
        payment_product: 'card',
        card_brand: null,
        region: null,
        currency_code: null,
        fixed: 15,
        percentage_bp: 120,
        minimum: 20,
        maximum: null,
      },
      {
        payment_product: null,
        card_brand: null,
        region: null,
        currency_code: null,
        fixed: 25,
        percentage_bp: 0,
        minimum: 0,
        maximum: null,
      },
    ]);
    const edited = await callAs(t.app, provider, 'POST', `/v1/pricing/revenue/${created.body.id}`, {
      name: 'Standard 2027',
      valid_from: '2027-01-01',
    });
    expect(edited.body).toMatchObject({ name: 'Standard 2027', valid_from: '2027-01-01', rules: created.body.rules });
    // The route of another type does not see it.
    expect((await callAs(t.app, provider, 'GET', `/v1/pricing/cost/${created.body.id}`)).status).toBe(404);
    const list = await callAs(t.app, provider, 'GET', '/v1/pricing/revenue?active=true&visible=true');
    expect(list.body.map((r: { id: string }) => r.id)).toContain(created.body.id);
  });

  it('refuses fractions of a cent, percentages over 100 %, a maximum under the minimum and reversed dates, naming the field', async () => {
    const bad = await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', {
      name: 'x',
      rules: [
        { fixed: 1.5, percentage_bp: 10_001 },
        { minimum: 50, maximum: 10 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['body.rules.0.fixed', 'body.rules.0.percentage_bp', 'body.rules.1.maximum']);
    const dates = await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', {
      name: 'x',
      valid_from: '2027-02-01',
      valid_to: '2027-01-01',
    });
    expect(errorPaths(dates.body)).toEqual(['body.valid_to']);
    expect(
      errorPaths(
        (await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', { name: 'x', valid_from: '2027-02-30' })).body,
      ),
    ).toEqual(['body.valid_from']);
    const reserve = await callAs(t.app, provider, 'POST', '/v1/pricing/reserve', { name: 'Reserve' });
    expect(errorPaths(reserve.body)).toEqual(['body.reserve_bp']);
    const ok = await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', {
      name: 'Dated',
      valid_from: '2027-01-01',
    });
    const reversed = await callAs(t.app, provider, 'POST', `/v1/pricing/revenue/${ok.body.id}`, {
      valid_to: '2026-12-31',
    });
    expect(errorPaths(reversed.body)).toEqual(['body.valid_to']);
    expect((await callAs(t.app, provider, 'GET', `/v1/pricing/revenue/${ok.body.id}`)).body.valid_to).toBeNull();
  });

  it('is for the provider only, and only with the collecting feature', async () => {
    expect((await callAs(t.app, a, 'GET', '/v1/pricing/revenue')).status).toBe(403);
    expect((await callAs(t.app, a, 'POST', '/v1/pricing/revenue', { name: 'x' })).status).toBe(403);
    await t.db.query(sql`update organisation set features = '{}' where id = ${world.provider.id}`);
    try {
      expect((await callAs(t.app, provider, 'GET', '/v1/pricing/revenue')).status).toBe(403);
      expect((await callAs(t.app, provider, 'GET', '/v1/package')).status).toBe(403);
    } finally {
      await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.provider.id}`);
    }
  });
});

describe('packages, schedules, profiles and one-offs', () => {
  it('ties a merchant to a package, schedule and its own bank account, once per currency', async () => {
    const revenue = (
      await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', { name: 'Pkg revenue', rules: [rule] })
    ).body;
    const cost = (await callAs(t.app, provider, 'POST', '/v1/pricing/cost', { name: 'Pkg cost' })).body;
    // A cost scheme is not a revenue scheme.
    expect(
      errorPaths(
        (await callAs(t.app, provider, 'POST', '/v1/package', { name: 'Wrong', revenue_scheme: cost.id })).body,
      ),
    ).toEqual(['body.revenue_scheme']);
    const pkg = await callAs(t.app, provider, 'POST', '/v1/package', {
      name: 'Webshop',
      revenue_scheme: revenue.id,
      cost_scheme: cost.id,
    });
    expect(pkg.status).toBe(201);
    const schedule = await callAs(t.app, provider, 'POST', '/v1/settlement-schedule', {
      name: 'Weekly',
      interval: 'weekly',
    });
    expect(schedule.body).toMatchObject({ interval: 'weekly', payout_delay_days: 2, minimum_payout: 0 });
    expect(
      errorPaths(
        (await callAs(t.app, provider, 'POST', '/v1/settlement-schedule', { name: 'x', interval: 'hourly' })).body,
      ),
    ).toEqual(['body.interval']);

    const accountA = (
      await callAs(t.app, a, 'POST', '/v1/bankaccount', { holder_name: 'Shop A', iban: 'NL91ABNA0417164300' })
    ).body;
    const accountB = (
      await callAs(t.app, b, 'POST', '/v1/bankaccount', { holder_name: 'Shop B', iban: 'DE89370400440532013000' })
    ).body;
    const body = {
      organisation: world.shopA.id,
      package: pkg.body.id,
      settlement_schedule: schedule.body.id,
      bank_account: accountA.id,
      effective_from: '2026-01-01',
    };
    // Shop B's account cannot receive shop A's payouts.
    expect(
      errorPaths(
        (await callAs(t.app, provider, 'POST', '/v1/settlement-profile', { ...body, bank_account: accountB.id })).body,
      ),
    ).toEqual(['body.bank_account']);
    const profile = await callAs(t.app, provider, 'POST', '/v1/settlement-profile', body);
    expect(profile.status).toBe(201);
    expect(profile.body).toMatchObject({
      organisation: world.shopA.id,
      package: pkg.body.id,
      effective_from: '2026-01-01',
      active: true,
    });
    const twice = await callAs(t.app, provider, 'POST', '/v1/settlement-profile', body);
    expect(twice.status).toBe(409);
    expect(errorPaths(twice.body)).toEqual(['body.currency_code']);
    const populated = await callAs(
      t.app,
      provider,
      'GET',
      `/v1/settlement-profile/${profile.body.id}?_populate=package settlement_schedule bank_account`,
    );
    expect(populated.body.package.name).toBe('Webshop');
    expect(populated.body.bank_account.iban).toBe('NL91ABNA0417164300');
  });

  it('keeps a one-off as a signed whole amount and refuses zero', async () => {
    const debit = await callAs(t.app, provider, 'POST', '/v1/one-off', {
      organisation: world.shopA.id,
      description: 'Terminal rental',
      amount: -2500,
      effective_date: '2026-03-01',
    });
    expect(debit.body).toMatchObject({ amount: -2500, status: 'OPEN', organisation: world.shopA.id });
    const zero = await callAs(t.app, provider, 'POST', '/v1/one-off', {
      organisation: world.shopA.id,
      description: 'x',
      amount: 0,
      effective_date: '2026-03-01',
    });
    expect(errorPaths(zero.body)).toEqual(['body.amount']);
    const fraction = await callAs(t.app, provider, 'POST', '/v1/one-off', {
      organisation: world.shopA.id,
      description: 'x',
      amount: 10.5,
      effective_date: 'tomorrow',
    });
    expect(errorPaths(fraction.body)).toEqual(['body.amount', 'body.effective_date']);
    // Merchants do not manage one-offs.
    expect((await callAs(t.app, a, 'GET', '/v1/one-off')).status).toBe(403);
  });
});
