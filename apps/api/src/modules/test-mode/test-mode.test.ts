// Runs on both engines: issue 38 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, callAs, type Caller, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { acquirerRefusal, preparePayment } from '../payments/charge.service.ts';
import { deleteTestData, DELETE_TEST_DATA_QUEUE } from './test-data.service.ts';
import { runImport } from '../imports/import.service.ts';
import { generateReport, runDueSchedules } from '../reports/report.service.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let analyst: Caller;
let provider: Caller;
const keys = {} as Record<'live' | 'test', Caller>;

const pay = async (who: Caller, reference: string, amount = 1000) => {
  const made = await callAs(t.app, who, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount,
    payment_product_type: 'card',
    merchant_reference: reference,
  });
  expect(made.status).toBe(201);
  return made.body as { id: string; status: string; status_reason: string | null };
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, b, analyst, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  for (const mode of ['live', 'test'] as const)
    keys[mode] = bearer(
      (await callAs(t.app, a, 'POST', '/v1/apikey', { name: mode, roles: ['USER_ALL'], mode })).body.key,
    );
});
afterAll(() => t.close());

const countsByMode = async () =>
  Object.fromEntries(
    (
      await t.db.query<{ key: string; count: number }>(sql`
        select table_name || ':' || mode as key, count(*)::int as count from (
          select 'transaction' as table_name, mode from transaction union all
          select 'refund', mode from refund union all
          select 'payment_link', mode from payment_link union all
          select 'review_case', mode from review_case union all
          select 'import_job', mode from import_job union all
          select 'report_schedule', mode from report_schedule union all
          select 'webhook', mode from webhook) x group by 1 order by 1`)
    ).map((row) => [row.key, row.count]),
  );

describe('rows made by imports, report schedules and reports take the mode they were made in (issue 38)', () => {
  it('a test-mode import (provider staff) adds test rows, checks duplicates among test rows and is listed in test mode only', async () => {
    await pay(keys.live, 'IMP-1');
    await callAs(t.app, provider, 'POST', '/v1/auth/mode', { mode: 'test' });
    const csv = [
      'merchant_reference,amount,payment_product_type,status,created_at,payment_profile',
      `IMP-1,1250,card,SETTLEMENT_COMPLETED,2026-03-01T10:00:00Z,${world.profileA}`,
      `IMP-2,1300,card,SETTLEMENT_COMPLETED,2026-03-01T11:00:00Z,${world.profileA}`,
    ].join('\n');
    const created = await callAs(t.app, provider, 'POST', '/v1/import', {
      file_name: 'old.csv',
      kind: 'transactions',
      organisation: world.shopA.id,
      content: csv,
    });
    expect(created.status).toBe(201);
    await runImport(t.db, created.body.id);
    // IMP-1 is a live reference only: in test mode it is new.
    expect((await callAs(t.app, provider, 'GET', `/v1/import/${created.body.id}`)).body).toMatchObject({
      status: 'done',
      imported_rows: 2,
    });
    const rows = await t.db.query<{ mode: string }>(
      sql`select mode from transaction where merchant_reference in ('IMP-1', 'IMP-2') order by mode, merchant_reference`,
    );
    expect(rows.map((r) => r.mode)).toEqual(['live', 'test', 'test']);
    const customers = await callAs(t.app, provider, 'POST', '/v1/import', {
      file_name: 'c.csv',
      kind: 'customers',
      organisation: world.shopA.id,
      content: 'email_address,first_name,last_name\ntessa@example.test,Tessa,Test',
    });
    await runImport(t.db, customers.body.id);
    const [customer] = await t.db.query<{ mode: string }>(
      sql`select mode from customer where email_address = 'tessa@example.test'`,
    );
    expect(customer.mode).toBe('test');
    await callAs(t.app, provider, 'POST', '/v1/auth/mode', { mode: 'live' });
    expect((await callAs(t.app, provider, 'GET', `/v1/import/${created.body.id}`)).status).toBe(404);
    expect((await callAs(t.app, provider, 'GET', '/v1/import/count')).body.count).toBe(0);
  });

  it('a test-mode report schedule makes test reports of test rows, listed in test mode only', async () => {
    await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'test' });
    const schedule = await callAs(t.app, a, 'POST', '/v1/report-schedule', {
      name: 'Test daily',
      frequency: 'daily',
      email: 'finance@shop-a.test',
      filters: {},
      fields: ['id', 'amount'],
    });
    expect(schedule.status).toBe(201);
    const report = await callAs(t.app, a, 'POST', '/v1/report', { name: 'Test now', filters: {}, fields: ['id'] });
    expect(report.status).toBe(201);
    await generateReport(t.db, t.config, report.body.id);
    await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'live' });
    expect((await callAs(t.app, a, 'GET', '/v1/report-schedule')).body).toEqual([]);
    expect((await callAs(t.app, a, 'GET', `/v1/report/${report.body.id}`)).status).toBe(404);
    expect(await runDueSchedules(t.db)).toBe(1);
    const [made] = await t.db.query<{ mode: string; scope: { mode?: string } }>(
      sql`select mode, scope from report where schedule_id = ${schedule.body.id}`,
    );
    expect(made).toMatchObject({ mode: 'test', scope: { mode: 'test' } });
    const [{ count: testRows }] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from transaction where merchant_id = ${world.shopA.id} and mode = 'test'`,
    );
    const [generated] = await t.db.query<{ count: number; mode: string }>(
      sql`select count, mode from report where id = ${report.body.id}`,
    );
    expect(generated).toEqual({ count: testRows, mode: 'test' });
  });
});

describe('separate test URLs for webhooks (issue 38 item 1)', () => {
  it('sends test-mode webhooks to the profile’s test URL when it has one, live ones to the shared URL', async () => {
    const urls = {
      webhook_transaction_update: 'https://hooks.example.com/tx',
      webhook_refund_update: 'https://hooks.example.com/refund',
      test_webhook_transaction_update: 'https://test-hooks.example.com/tx',
    };
    const saved = await callAs(t.app, a, 'POST', `/v1/paymentprofile/${world.profileA}`, urls);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await callAs(t.app, a, 'GET', `/v1/paymentprofile/${world.profileA}`)).body).toMatchObject(urls);
    const live = await pay(keys.live, 'hook live');
    const test = await pay(keys.test, 'hook test');
    for (const key of [keys.live, keys.test]) {
      const id = key === keys.live ? live.id : test.id;
      expect((await callAs(t.app, key, 'POST', `/v1/transaction/${id}/refund`, { amount: 100 })).status).toBe(201);
    }
    const hooks = await t.db.query<{ mode: string; type: string; url: string }>(sql`
      select w.mode, w.type, w.url from webhook w
      where w.item_id in (${live.id}, ${test.id}) or w.item_id in (select r.id from refund r where r.transaction_id in (${live.id}, ${test.id}))
      order by 1, 2`);
    expect(hooks).toEqual([
      { mode: 'live', type: 'refund', url: urls.webhook_refund_update },
      { mode: 'live', type: 'transaction', url: urls.webhook_transaction_update },
      // No test URL for refunds: the shared one.
      { mode: 'test', type: 'refund', url: urls.webhook_refund_update },
      { mode: 'test', type: 'transaction', url: urls.test_webhook_transaction_update },
    ]);
    // Cleared: test-mode webhooks go to the shared URL again.
    await callAs(t.app, a, 'POST', `/v1/paymentprofile/${world.profileA}`, {
      test_webhook_transaction_update: '',
      webhook_transaction_update: '',
      webhook_refund_update: '',
    });
    const bad = await callAs(t.app, a, 'POST', `/v1/paymentprofile/${world.profileA}`, {
      test_webhook_refund_update: 'not a url',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).toEqual(['body.test_webhook_refund_update']);
  });
});

describe('test tools (issue 38)', () => {
  it('lists the test cards and amounts of the sandbox acquirer, and each forces its outcome in test mode', async () => {
    const cards = await callAs(t.app, keys.test, 'GET', '/v1/test-cards');
    expect(cards.status).toBe(200);
    const declined = cards.body.cards.find((c: { number: string }) => c.number === '4000000000009995');
    expect(declined).toMatchObject({ status: 'DECLINED', code: '51', brand: 'visa' });
    expect(cards.body.amounts.map((x: { ending: string }) => x.ending)).toEqual(['51', '52', '53', '55']);
    expect(cards.body.three_d_secure.code).toMatch(/^\d{6}$/);
    const made = await callAs(t.app, keys.test, 'POST', '/v1/transaction', {
      payment_profile: world.profileA,
      amount: 1000,
      payment_product_type: 'card',
      merchant_reference: 'declined card',
      card_number: declined.number,
    });
    expect(made.body).toMatchObject({ status: 'DECLINED' });
    const byAmount = await pay(keys.test, 'declined amount', cards.body.amounts[0].example);
    expect(byAmount.status).toBe('DECLINED');
  });

  it('sends test payments to the sandbox acquirer only: a live acquirer is refused in test mode', () => {
    expect(acquirerRefusal({ acquirer: 'live' }, 'test')).toMatch(/sandbox acquirer only/);
    expect(acquirerRefusal({ acquirer: 'live' }, 'live')).toBeNull();
    expect(acquirerRefusal({ acquirer: 'sandbox' }, 'test')).toBeNull();
    expect(acquirerRefusal({}, 'test')).toBeNull();
  });

  it('fails a test payment routed to a live acquirer without reaching it', async () => {
    const config = {
      version: 1,
      profile: {
        id: 'pp_1',
        organisation_id: 'org_1',
        merchant_id: 'org_1',
        currency_code: 'EUR',
        routing: null,
        processors: ['pr_live'],
        intelligent_routing: false,
        webhook_transaction_update: null,
      },
      organisation: { merchant_id: 'org_1', path: 'org_1/', mcc: null },
      limits: null,
      rulesets: [],
      routings: [],
      processors: [
        {
          id: 'pr_live',
          acquirer: 'live',
          active: true,
          payment_product: 'card',
          sandbox_latency_ms: 0,
          sandbox_outage: false,
        },
      ],
    } as unknown as Parameters<typeof preparePayment>[0];
    const input = {
      organisationId: 'org_1',
      paymentProfileId: 'pp_1',
      customerId: null,
      amount: 1000,
      productType: 'card' as const,
      merchantReference: 'r',
      notify: false,
    };
    const test = await preparePayment(config, { ...input, mode: 'test' }, undefined);
    expect(test.result).toMatchObject({ status: 'FAILED' });
    expect(test.result.statusReason).toMatch(/sandbox acquirer only/);
    expect(test.write.transaction).toMatchObject({ processorId: null, mode: 'test' });
    const live = await preparePayment(config, { ...input, mode: 'live' }, undefined);
    expect(live.result.status).toBe('SETTLEMENT_REQUESTED');
  });

  it('deletes an organisation’s test data only, as an audited job, for a person with its admin rights', async () => {
    const live = await pay(keys.live, 'live keeps');
    const test = await pay(keys.test, 'test goes');
    expect((await callAs(t.app, keys.test, 'POST', `/v1/transaction/${test.id}/refund`, { amount: 100 })).status).toBe(
      201,
    );
    expect((await callAs(t.app, keys.live, 'POST', `/v1/transaction/${live.id}/refund`, { amount: 100 })).status).toBe(
      201,
    );
    for (const key of [keys.live, keys.test])
      expect(
        (await callAs(t.app, key, 'POST', '/v1/payment-link', { payment_profile: world.profileA, amount: 500 })).status,
      ).toBe(201);
    // A test payment held for review: its case hangs on the payment and goes with it.
    await t.db
      .query(sql`insert into review_case (id, organisation_id, merchant_id, mode, transaction_id, amount, currency_code, sla_due_at, expires_at)
      values ('rc_test', ${world.shopA.id}, ${world.shopA.id}, 'test', ${test.id}, 1000, 'EUR', now(), now())`);
    const before = await countsByMode();
    expect(before['transaction:test']).toBeGreaterThan(0);

    // A key never deletes data; nor a read-only user; nor another merchant's user (404 as unknown).
    expect((await callAs(t.app, keys.test, 'POST', `/v1/organisation/${world.shopA.id}/test-data/delete`)).status).toBe(
      403,
    );
    expect((await callAs(t.app, analyst, 'POST', `/v1/organisation/${world.shopA.id}/test-data/delete`)).status).toBe(
      403,
    );
    expect((await callAs(t.app, b, 'POST', `/v1/organisation/${world.shopA.id}/test-data/delete`)).status).toBe(404);

    const asked = await callAs(t.app, a, 'POST', `/v1/organisation/${world.shopA.id}/test-data/delete`);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ organisation: world.shopA.id, job: { status: 'queued' } });
    const [job] = await t.db.query<{ id: string; payload: Parameters<typeof deleteTestData>[1] }>(
      sql`select id::text as id, payload from job where queue = ${DELETE_TEST_DATA_QUEUE}`,
    );
    expect(job.id).toBe(asked.body.job.id);
    await deleteTestData(t.db, job.payload);

    const after = await countsByMode();
    for (const [key, count] of Object.entries(before))
      expect(after[key] ?? 0, key).toBe(key.endsWith(':live') ? count : 0);
    expect((await callAs(t.app, keys.live, 'GET', `/v1/transaction/${live.id}`)).status).toBe(200);
    expect((await callAs(t.app, keys.test, 'GET', '/v1/transaction/count')).body.count).toBe(0);
    const audits = await t.db.query<{ type: string }>(
      sql`select type from audit_log where type like 'test_data_%' order by created_at`,
    );
    expect(audits.map((row) => row.type)).toEqual(['test_data_delete_requested', 'test_data_deleted']);
  });
});
