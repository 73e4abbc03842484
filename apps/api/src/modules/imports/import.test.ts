import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { runImport } from './import.service.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ provider, a } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

const start = (body: Record<string, unknown>) =>
  callAs(t.app, provider, 'POST', '/v1/import', { file_name: 'file.csv', ...body });

describe('imports', () => {
  it('imports the valid customers of a CSV as a job and reports each rejected row with its line and reason', async () => {
    const csv = [
      'email_address,first_name,last_name,country_code',
      'anna@example.com,Anna,de Vries,NL',
      'not-an-email,Bram,Jansen,NL',
      'cees@example.com,Cees,,NL',
      'dirk@example.com,Dirk,Smit,NL',
      'ANNA@example.com,Anna,Again,NL',
    ].join('\n');
    const created = await start({ kind: 'customers', organisation: world.shopA.id, content: csv });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'queued', kind: 'customers', organisation: world.shopA.id });
    const [job] = await t.db.query<{ queue: string; payload: { importId: string } }>(
      sql`select queue, payload from job where queue = 'import.run' order by id desc limit 1`,
    );
    expect(job.payload.importId).toBe(created.body.id);
    await runImport(t.db, created.body.id);
    await runImport(t.db, created.body.id);
    const done = (await callAs(t.app, provider, 'GET', `/v1/import/${created.body.id}`)).body;
    expect(done).toMatchObject({ status: 'done', total_rows: 5, imported_rows: 2, rejected_rows: 3 });
    expect(done.report).toEqual([
      { line: 3, reason: 'email_address: invalid e-mail address' },
      { line: 4, reason: 'last_name: last_name is required' },
      { line: 6, reason: 'a customer with e-mail ANNA@example.com already exists' },
    ]);
    const customers = await t.db.query<{ email_address: string }>(
      sql`select email_address from customer where merchant_id = ${world.shopA.id} order by email_address`,
    );
    expect(customers.map((c) => c.email_address)).toEqual(['anna@example.com', 'dirk@example.com']);
    const [stored] = await t.db.query<{ content: string | null }>(
      sql`select content from import_job where id = ${created.body.id}`,
    );
    expect(stored.content).toBeNull();
  });

  it("imports transactions onto the merchant's own profiles only", async () => {
    const csv = [
      'merchant_reference,amount,payment_product_type,status,created_at,payment_profile,customer_email',
      `OLD-1,1250,card,SETTLEMENT_COMPLETED,2025-03-01T10:00:00Z,${world.profileA},dirk@example.com`,
      `OLD-2,12.50,card,SETTLEMENT_COMPLETED,2025-03-01T10:00:00Z,${world.profileA},`,
      `OLD-3,500,ideal,SETTLEMENT_COMPLETED,2025-03-02T10:00:00Z,${world.profileB},`,
    ].join('\n');
    const created = await start({ kind: 'transactions', organisation: world.shopA.id, content: csv });
    await runImport(t.db, created.body.id);
    const done = (await callAs(t.app, provider, 'GET', `/v1/import/${created.body.id}`)).body;
    expect(done).toMatchObject({ imported_rows: 1, rejected_rows: 2 });
    expect(done.report.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    const rows = (await callAs(t.app, a, 'GET', '/v1/transaction?merchant_reference=OLD-1&_populate=customer')).body;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 1250, currency_code: 'EUR', created_at: '2025-03-01T10:00:00.000Z' });
    expect(rows[0].customer.email_address).toBe('dirk@example.com');
  });

  it('marks a file that is not CSV as failed, and refuses bad input, foreign merchants and other roles', async () => {
    const broken = await start({ kind: 'customers', organisation: world.shopA.id, content: 'a,b\n"unterminated' });
    await runImport(t.db, broken.body.id);
    expect((await callAs(t.app, provider, 'GET', `/v1/import/${broken.body.id}`)).body).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/not valid CSV/),
    });
    expect(errorPaths((await callAs(t.app, provider, 'POST', '/v1/import', {})).body)).toEqual([
      'body.content',
      'body.file_name',
      'body.kind',
      'body.organisation',
    ]);
    expect(
      errorPaths((await start({ kind: 'customers', organisation: world.provider.id, content: 'x' })).body),
    ).toEqual(['body.organisation']);
    expect((await start({ kind: 'customers', organisation: 'org_unknown', content: 'x' })).status).toBe(404);
    expect((await callAs(t.app, a, 'GET', '/v1/import')).status).toBe(403);
    expect(
      (
        await callAs(t.app, a, 'POST', '/v1/import', {
          kind: 'customers',
          organisation: world.shopA.id,
          file_name: 'x.csv',
          content: 'x',
        })
      ).status,
    ).toBe(403);
  });
});
