// Runs on both engines: issue 35 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_NOTE_HEADER } from '@kassa/domain';
import { handlerFor, silentJobLog, type JobRow } from '../../jobs/handlers.ts';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { periodicSchedules } from '../../jobs/schedules.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { bearer, callAs, signInTestUsers, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';
import { CHANGE_EXPIRY_QUEUE } from './change-request.job.ts';
import { expireChangeRequests } from './change-request.service.ts';

/**
 * Issue 35: requests expire after a set time. The periodic sweep marks a pending request past its
 * expiry as expired once, however many sweeps race; audits it; sends `change_request.expired`
 * once; and revokes an API key whose request expired (it is never left waiting).
 */

let t: TestApp;
let world: TestWorld;
let a: Caller;
let a2: Caller;

const note = { [CHANGE_NOTE_HEADER]: 'Needed for the new shop' };
const as = (who: Caller, method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) =>
  callAs(t.app, who, method, url, body, headers);
const setPolicy = async (kinds: string[]) => {
  const answer = await as(a, 'POST', '/v1/changepolicy', { organisation: world.shopA.id, kinds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
/** Moves a request's expiry into the past, as if its time had run out. */
const runOut = (id: string) =>
  t.db.query(sql`update change_request set expires_at = now() - interval '1 minute' where id = ${id}`);
const stored = async (id: string) =>
  (await t.db.query<{ status: string }>(sql`select status from change_request where id = ${id}`))[0].status;
const count = async (query: ReturnType<typeof sql>) => (await t.db.query<{ n: number }>(query))[0].n;
const webhooks = (id: string) =>
  count(sql`select count(*)::int as n from webhook where item_id = ${id} and event = 'change_request.expired'`);
const audits = (id: string) =>
  count(sql`select count(*)::int as n from audit_log where type = 'change_request_expired' and entity_id = ${id}`);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a } = await signInTestUsers(t.app, TEST_PASSWORD));
  await insertUser(t.db, {
    organisationId: world.shopA.id,
    email: 'a2@test.kassa',
    name: 'Second person',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['USER_ALL'],
  });
  a2 = await signIn(t.app, 'a2@test.kassa', TEST_PASSWORD);
  await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.shopA.id}`);
  expect(
    (await as(a, 'POST', '/v1/webhook/secret', { organisation: world.shopA.id, url: 'https://hooks.shop-a.test/x' }))
      .status,
  ).toBe(200);
  await setPolicy(['bankaccount', 'apikey']);
});
afterAll(() => t.close());

describe('the expiry sweep', () => {
  it('is a periodic job of every worker', () => {
    registerAllJobHandlers();
    expect(handlerFor(CHANGE_EXPIRY_QUEUE)).toBeDefined();
    expect(periodicSchedules().find((s) => s.queue === CHANGE_EXPIRY_QUEUE)?.everySeconds).toBe(300);
  });

  it('expires a request once under racing sweeps: one audit entry, one webhook; a fresh one stays pending', async () => {
    const old = await as(a, 'POST', '/v1/bankaccount', { holder_name: 'Old', iban: 'NL91ABNA0417164300' }, note);
    const fresh = await as(a, 'POST', '/v1/bankaccount', { holder_name: 'New', iban: 'DE89370400440532013000' }, note);
    expect([old.status, fresh.status]).toEqual([202, 202]);
    const id = old.body.change_request as string;
    await runOut(id);

    // Through the job's handler, as a worker runs it, three at once.
    const handler = handlerFor(CHANGE_EXPIRY_QUEUE)!;
    const ctx = { db: t.db, config: t.config, job: {} as JobRow, log: silentJobLog };
    await Promise.all([handler({}, ctx), handler({}, ctx), expireChangeRequests(t.db)]);
    expect(await stored(id)).toBe('expired');
    expect(await stored(fresh.body.change_request)).toBe('pending');
    expect(await audits(id)).toBe(1);
    expect(await webhooks(id)).toBe(1);
    const [hook] = await t.db.query<{ url: string; payload: { data: Record<string, unknown> } }>(
      sql`select url, payload from webhook where item_id = ${id} and event = 'change_request.expired'`,
    );
    expect(hook.url).toBe('https://hooks.shop-a.test/x');
    expect(hook.payload.data).toMatchObject({ id, kind: 'bankaccount', status: 'expired' });
    const [entry] = await t.db.query<{ user_name: string; authentication: string }>(
      sql`select user_name, authentication from audit_log where type = 'change_request_expired' and entity_id = ${id}`,
    );
    expect(entry).toMatchObject({ authentication: 'system' });

    // Repeating changes nothing; nothing was created; the Changes screen lists it as expired.
    expect(await expireChangeRequests(t.db)).toBe(0);
    expect(await webhooks(id)).toBe(1);
    expect((await as(a, 'GET', '/v1/bankaccount')).body).toEqual([]);
    const listed = (await as(a2, 'GET', '/v1/changerequest?status=expired')).body as { id: string }[];
    expect(listed.map((r) => r.id)).toContain(id);
    const approval = await as(a2, 'POST', `/v1/changerequest/${id}/approve`, { comment: 'late' });
    expect([approval.status, approval.body.code]).toEqual([409, 'change_request_expired']);
  });

  it('revokes the API key an expired request held, not leaving it inactive', async () => {
    const made = await as(a, 'POST', '/v1/apikey', { name: 'Never approved', roles: ['TRANSACTION_LIST'] }, note);
    expect(made.status).toBe(201);
    expect(made.body.active).toBe(false);
    await runOut(made.body.change_request);
    await Promise.all([expireChangeRequests(t.db), expireChangeRequests(t.db)]);
    expect(await stored(made.body.change_request)).toBe('expired');
    const key = (await as(a, 'GET', `/v1/apikey/${made.body.id}`)).body;
    expect(key).toMatchObject({ active: false, change_request: made.body.change_request });
    expect(key.revoked_at).not.toBeNull();
    expect((await as(bearer(made.body.key), 'GET', '/v1/transaction')).status).toBe(401);
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where type = 'api_key_revoked' and entity_id = ${made.body.id}
          and detail->>'reason' = 'change_request_expired'`,
      ),
    ).toBe(1);
    expect(await webhooks(made.body.change_request)).toBe(1);
  });

  it('leaves an expired request renewable by its author', async () => {
    const asked = await as(
      a,
      'POST',
      '/v1/bankaccount',
      { holder_name: 'Again', iban: 'GB82WEST12345698765432' },
      note,
    );
    const id = asked.body.change_request as string;
    await runOut(id);
    expect(await expireChangeRequests(t.db)).toBe(1);
    const renewed = await as(a, 'POST', `/v1/changerequest/${id}/renew`);
    expect(renewed.status).toBe(202);
    expect(await stored(id)).toBe('expired');
    expect(await stored(renewed.body.change_request)).toBe('pending');
  });
});
