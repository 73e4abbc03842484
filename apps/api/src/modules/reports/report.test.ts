import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { generateReport, runDueSchedules } from './report.service.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;
let b: Caller;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ provider, a, b } = await signInTestUsers(t.app, TEST_PASSWORD));
  const statuses = ['SETTLEMENT_COMPLETED', 'DECLINED', 'AUTHORIZED'];
  for (let i = 0; i < 60; i++) {
    await insertTestTransaction(t.db, world.shopA, world.profileA, {
      amount: 1000 + i,
      status: statuses[i % 3],
      createdAt: new Date(Date.now() - (i % 20) * DAY - 60_000),
      reference: i === 0 ? '=cmd' : `R-${i}`,
    });
  }
  for (let i = 0; i < 5; i++)
    await insertTestTransaction(t.db, world.shopB, world.profileB, { status: 'SETTLEMENT_COMPLETED' });
});
afterAll(() => t.close());

const csvLines = (text: string) => text.split('\r\n').filter((line) => line !== '');

describe('reports', () => {
  it('is written by its job as CSV with exactly the rows the list counts for the same filter, then downloads and deletes', async () => {
    const filters = {
      'status[]': ['SETTLEMENT_COMPLETED', 'AUTHORIZED'],
      'created_at>': new Date(Date.now() - 10 * DAY).toISOString(),
    };
    const created = await callAs(t.app, a, 'POST', '/v1/report', {
      name: 'Settled last 10 days',
      filters,
      fields: ['id', 'merchant_reference', 'amount', 'status'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      name: 'Settled last 10 days',
      organisation: world.shopA.id,
    });
    const id = created.body.id;
    const [job] = await t.db.query<{ payload: { reportId: string } }>(
      sql`select payload from job where queue = 'report.generate' order by id desc limit 1`,
    );
    expect(job.payload.reportId).toBe(id);
    // Not ready yet: no download, no delete.
    expect((await callAs(t.app, a, 'GET', `/v1/report/${id}/download`)).status).toBe(409);
    expect((await callAs(t.app, a, 'DELETE', `/v1/report/${id}`)).status).toBe(409);

    await generateReport(t.db, t.config, id);
    await generateReport(t.db, t.config, id);
    const listCount = (
      await callAs(
        t.app,
        a,
        'GET',
        `/v1/transaction/count?status[]=SETTLEMENT_COMPLETED&status[]=AUTHORIZED&created_at>=${encodeURIComponent(filters['created_at>'])}`,
      )
    ).body.count;
    expect(listCount).toBeGreaterThan(0);
    const done = (await callAs(t.app, a, 'GET', `/v1/report/${id}`)).body;
    expect(done).toMatchObject({ status: 'PROCESSED', count: listCount, progress: listCount });

    const download = await t.app.inject({ method: 'GET', url: `/v1/report/${id}/download`, headers: a });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Settled-last-10-days.csv"');
    const lines = csvLines(download.body);
    expect(lines[0]).toBe('id,merchant_reference,amount,status');
    expect(lines).toHaveLength(listCount + 1);
    expect(lines.slice(1).every((line) => /,(SETTLEMENT_COMPLETED|AUTHORIZED)$/.test(line))).toBe(true);
    // A formula in a cell is neutralised, as in every export.
    expect(lines.some((line) => line.includes(",'=cmd,"))).toBe(true);

    // Another merchant neither sees nor downloads nor deletes it.
    expect((await callAs(t.app, b, 'GET', `/v1/report/${id}`)).status).toBe(404);
    expect((await callAs(t.app, b, 'GET', `/v1/report/${id}/download`)).status).toBe(404);
    expect((await callAs(t.app, b, 'DELETE', `/v1/report/${id}`)).status).toBe(404);
    expect((await callAs(t.app, b, 'GET', '/v1/report')).body).toEqual([]);

    expect((await callAs(t.app, a, 'DELETE', `/v1/report/${id}`)).status).toBe(204);
    expect((await callAs(t.app, a, 'GET', `/v1/report/${id}`)).status).toBe(404);
    expect(await t.db.query(sql`select 1 from report_chunk where report_id = ${id}`)).toEqual([]);
  });

  it('lists newest first and provider staff make a report for the merchant they name', async () => {
    const first = (
      await callAs(t.app, provider, 'POST', '/v1/report', {
        name: 'First',
        organisation: world.shopB.id,
        filters: {},
        fields: ['id'],
      })
    ).body;
    const second = (
      await callAs(t.app, provider, 'POST', '/v1/report', {
        name: 'Second',
        organisation: world.shopB.id,
        filters: {},
        fields: ['id', 'amount'],
      })
    ).body;
    await generateReport(t.db, t.config, first.id);
    const list = (await callAs(t.app, b, 'GET', '/v1/report')).body;
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Second', 'First']);
    const csv = (await t.app.inject({ method: 'GET', url: `/v1/report/${first.id}/download`, headers: b })).body;
    // Only merchant B's rows, although a provider user made it.
    expect(csvLines(csv)).toHaveLength(1 + 5);
    expect(second.status).toBe('PENDING');
  });

  it('refuses bad input naming the field and creates nothing', async () => {
    const before = await t.db.query(sql`select id from report`);
    const cases: [Caller, Record<string, unknown>, string][] = [
      [a, { name: 'x', filters: { colour: 'red' }, fields: ['id'] }, 'body.filters.colour'],
      [a, { name: 'x', filters: { 'status[]': ['NOPE'] }, fields: ['id'] }, 'body.filters.status'],
      [a, { name: 'x', filters: { _limit: '5' }, fields: ['id'] }, 'body.filters._limit'],
      [a, { name: 'x', filters: {}, fields: ['password'] }, 'body.fields.0'],
      [a, { name: 'x', filters: {}, fields: [] }, 'body.fields'],
      [a, { name: ' ', filters: {}, fields: ['id'] }, 'body.name'],
      [provider, { name: 'x', filters: {}, fields: ['id'] }, 'body.organisation'],
      [a, { name: 'x', organisation: world.shopB.id, filters: {}, fields: ['id'] }, 'body.organisation'],
    ];
    for (const [who, body, path] of cases) {
      const response = await callAs(t.app, who, 'POST', '/v1/report', body);
      expect([400, 404], JSON.stringify(body)).toContain(response.status);
      expect(
        errorPaths(response.body).some((p) => p.startsWith(path)),
        `${JSON.stringify(body)} → ${JSON.stringify(response.body)}`,
      ).toBe(true);
    }
    expect(await t.db.query(sql`select id from report`)).toEqual(before);
  });
});

describe('report schedules', () => {
  it('make one report per period however many workers run, and mail its _download=true link', async () => {
    const created = await callAs(t.app, a, 'POST', '/v1/report-schedule', {
      name: 'Daily settled',
      frequency: 'daily',
      email: 'finance@shop-a.test',
      filters: { 'status[]': ['SETTLEMENT_COMPLETED'] },
      fields: ['id', 'amount'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scheduleId = created.body.id;
    // Several workers at once: exactly one report for the period.
    const made = await Promise.all([runDueSchedules(t.db), runDueSchedules(t.db), runDueSchedules(t.db)]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await runDueSchedules(t.db)).toBe(0);
    const reports = await t.db.query<{ id: string; filters: Record<string, string>; organisation_id: string }>(
      sql`select id, filters, organisation_id from report where schedule_id = ${scheduleId}`,
    );
    expect(reports).toHaveLength(1);
    // Named after the local day it reports on.
    const [{ yesterday }] = await t.db.query<{ yesterday: string }>(
      sql`select to_char((now() at time zone 'Europe/Amsterdam')::date - 1, 'YYYY-MM-DD') as yesterday`,
    );
    expect((await callAs(t.app, a, 'GET', `/v1/report/${reports[0].id}`)).body.name).toBe(`Daily settled ${yesterday}`);
    // Yesterday, as local (Europe/Amsterdam) day boundaries.
    const [{ lower, upper }] = await t.db.query<{
      lower: Date;
      upper: Date;
    }>(sql`select (date_trunc('day', now() at time zone 'Europe/Amsterdam') - interval '1 day') at time zone 'Europe/Amsterdam' as lower,
      date_trunc('day', now() at time zone 'Europe/Amsterdam') at time zone 'Europe/Amsterdam' - interval '1 millisecond' as upper`);
    expect(reports[0].filters).toEqual({
      'status[]': ['SETTLEMENT_COMPLETED'],
      'created_at>': new Date(lower).toISOString(),
      'created_at<': new Date(upper).toISOString(),
    });

    const [job] = await t.db.query<{ payload: { reportId: string; mail: { to: string; language: string } } }>(
      sql`select payload from job where queue = 'report.generate' and payload->>'reportId' = ${reports[0].id}`,
    );
    await generateReport(t.db, t.config, job.payload.reportId, job.payload.mail);
    const mails = await t.db.query<{ to_address: string; text: string }>(
      sql`select to_address, text from mail where template = 'report_ready'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('finance@shop-a.test');
    const link = /(http\S+_download=true\S+)/.exec(mails[0].text)?.[1] ?? '';
    const url = new URL(link);
    expect(url.pathname).toBe('/reports/transactions');
    expect(url.searchParams.get('id')).toBe(reports[0].id);
    expect(url.searchParams.get('_organisation')).toBe(world.shopA.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/report/${url.searchParams.get('id')}/download`, headers: a }))
        .statusCode,
    ).toBe(200);

    // The next period makes the next report.
    await t.db.query(sql`update report_schedule set last_period = last_period - 1 where id = ${scheduleId}`);
    expect(await runDueSchedules(t.db)).toBe(1);
  });

  it('are listed and deleted only inside the merchant, and bad input names the field', async () => {
    const list = (await callAs(t.app, a, 'GET', '/v1/report-schedule')).body;
    expect(list.length).toBeGreaterThan(0);
    expect((await callAs(t.app, b, 'GET', '/v1/report-schedule')).body).toEqual([]);
    expect((await callAs(t.app, b, 'DELETE', `/v1/report-schedule/${list[0].id}`)).status).toBe(404);
    const bad = await callAs(t.app, a, 'POST', '/v1/report-schedule', {
      name: 'x',
      frequency: 'hourly',
      email: 'nope',
      filters: {},
      fields: ['id'],
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(expect.arrayContaining(['body.email', 'body.frequency']));
    expect((await callAs(t.app, a, 'DELETE', `/v1/report-schedule/${list[0].id}`)).status).toBe(204);
  });
});
