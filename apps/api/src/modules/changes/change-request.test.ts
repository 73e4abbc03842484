// Runs on both engines: issue 35 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_EMERGENCY_HEADER, CHANGE_NOTE_HEADER } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { insertUser } from '../auth/user.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { bearer, callAs, errorPaths, signInTestUsers, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

/** Issue 35: risky changes wait for a second person under the organisation's policy. */

let t: TestApp;
let world: TestWorld;
let a: Caller;
let a2: Caller;
let provider: Caller;
let second: string;

const note = { [CHANGE_NOTE_HEADER]: encodeURIComponent('Move big cards to the second processor — één') };
const as = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers = {}) =>
  callAs(t.app, who, method, url, body, headers);
const tree = (then: string, otherwise: string) => ({
  if: [{ name: 'amount', operator: '>', value: '10000' }],
  then,
  else: otherwise,
});
const setPolicy = async (kinds: string[], organisation = world.shopA.id, who = a) => {
  const answer = await as(who, 'POST', '/v1/changepolicy', { organisation, kinds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const approve = (who: Caller, id: string, comment = 'Looks right') =>
  as(who, 'POST', `/v1/changerequest/${id}/approve`, { comment });
const request = async (id: string) => (await as(a2, 'GET', `/v1/changerequest/${id}`)).body;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  await insertUser(t.db, {
    organisationId: world.shopA.id,
    email: 'a2@test.kassa',
    name: 'Second person',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['USER_ALL', 'CHANGE_EMERGENCY'],
  });
  a2 = await signIn(t.app, 'a2@test.kassa', TEST_PASSWORD);
  second = newId('prc');
  await t.db.query(sql`insert into processor (id, organisation_id, name, provider, payment_product)
    values (${second}, ${world.provider.id}, 'Second cards', 'sandbox', 'card')`);
  await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.shopA.id}`);
});
afterAll(() => t.close());

describe('the policy', () => {
  it('is set by the organisation’s administrators; the provider’s is a minimum every merchant keeps', async () => {
    expect((await as(a, 'GET', '/v1/changepolicy')).body).toMatchObject({ kinds: [], effective: [] });
    await setPolicy(['bankaccount'], world.provider.id, provider);
    const policy = await setPolicy(['routing']);
    expect(policy).toMatchObject({ kinds: ['routing'], imposed: ['bankaccount'] });
    expect([...policy.effective].sort()).toEqual(['bankaccount', 'routing']);
    // Shop B gets only the provider's minimum; shop A's user cannot name another merchant.
    expect((await as(provider, 'GET', `/v1/changepolicy?organisation=${world.shopB.id}`)).body.effective).toEqual([
      'bankaccount',
    ]);
    expect((await as(a, 'POST', '/v1/changepolicy', { organisation: world.shopB.id, kinds: [] })).status).toBe(404);
    await setPolicy([], world.provider.id, provider);
  });
});

describe('a governed change becomes a request and changes nothing', () => {
  let routing: string;
  beforeAll(async () => {
    await setPolicy([]);
    const made = await as(a, 'POST', '/v1/routing', {
      name: 'Cards',
      payment_product: 'card',
      details: tree(world.processorId, world.processorId),
    });
    expect(made.status).toBe(201);
    routing = made.body.id;
    await setPolicy(['routing', 'validationruleset', 'paymentprofile', 'bankaccount']);
  });

  it('needs a note, and answers 202 with the request for each kind', async () => {
    const noNote = await as(a, 'POST', `/v1/routing/${routing}`, { details: tree(second, world.processorId) });
    expect(noNote.status).toBe(400);
    expect(noNote.body.code).toBe('change_note_required');
    expect(errorPaths(noNote.body)).toEqual([`headers.${CHANGE_NOTE_HEADER}`]);

    const routingChange = await as(
      a,
      'POST',
      `/v1/routing/${routing}`,
      { details: tree(second, world.processorId) },
      note,
    );
    expect(routingChange.status).toBe(202);
    expect(routingChange.body).toMatchObject({ status: 'pending', change_request: expect.stringMatching(/^chr/) });
    const stored = await request(routingChange.body.change_request);
    expect(stored).toMatchObject({
      kind: 'routing',
      action: 'update',
      status: 'pending',
      note: 'Move big cards to the second processor — één',
      requested_by_name: 'a',
      entity_name: 'Cards',
    });
    expect(Object.keys(stored.body)).toEqual(['details']);
    expect(stored.diff).toEqual([{ path: 'details.then', before: world.processorId, after: second }]);
    expect(stored.backtest).toMatchObject({ transactions: expect.any(Number), draft: expect.any(Object) });
    expect((await as(a, 'GET', `/v1/routing/${routing}`)).body).toMatchObject({
      version: 1,
      details: tree(world.processorId, world.processorId),
    });

    const rules = [{ name: 'amount', operator: '>', value: '5000' }];
    const ruleset = await as(a, 'POST', '/v1/validationruleset', { name: 'Block big', action: 'block', rules }, note);
    expect(ruleset.status).toBe(202);
    expect((await request(ruleset.body.change_request)).backtest).toMatchObject({
      draft: { blocked: expect.any(Number) },
    });
    expect((await as(a, 'GET', '/v1/validationruleset?name=Block%20big')).body).toEqual([]);

    const profile = await as(
      a,
      'POST',
      `/v1/paymentprofile/${world.profileA}`,
      { processors: [world.processorId, second] },
      note,
    );
    expect(profile.status).toBe(202);
    expect((await as(a, 'GET', `/v1/paymentprofile/${world.profileA}`)).body.processors).toEqual([world.processorId]);
    // A change of a field the policy does not govern applies at once.
    const renamed = await as(a, 'POST', `/v1/paymentprofile/${world.profileA}`, { display_name: 'Shop A online' });
    expect(renamed.status).toBe(200);

    const account = await as(a, 'POST', '/v1/bankaccount', { holder_name: 'Shop A', iban: 'NL91ABNA0417164300' }, note);
    expect(account.status).toBe(202);
    expect((await as(a, 'GET', '/v1/bankaccount')).body).toEqual([]);

    const removal = await as(a, 'DELETE', `/v1/routing/${routing}`, undefined, note);
    expect(removal.status).toBe(202);
    expect((await as(a, 'GET', `/v1/routing/${routing}`)).status).toBe(200);
  });

  it('answers an API key of the merchant 202 with the request id as well', async () => {
    const key = bearer((await as(a, 'POST', '/v1/apikey', { name: 'Integration', roles: ['USER_ALL'] })).body.key);
    const answer = await as(key, 'POST', `/v1/routing/${routing}`, { name: 'Cards (key)' }, note);
    expect(answer.status).toBe(202);
    expect((await request(answer.body.change_request)).requested_with).toBe('api');
    // The key's author may not approve what the key asked, and a key never approves.
    expect((await approve(a, answer.body.change_request)).body.code).toBe('self_approval');
    const byKey = await approve(key, answer.body.change_request);
    expect([byKey.status, byKey.body.code]).toEqual([403, 'api_key_not_allowed']);
  });
});

describe('approval', () => {
  let routing: string;
  const ask = async (details: unknown) => {
    const answer = await as(a, 'POST', `/v1/routing/${routing}`, { details }, note);
    expect(answer.status).toBe(202);
    return answer.body.change_request as string;
  };
  beforeAll(async () => {
    await setPolicy([]);
    routing = (
      await as(a, 'POST', '/v1/routing', {
        name: `Approval ${newId('n')}`,
        payment_product: 'card',
        details: tree(world.processorId, second),
      })
    ).body.id;
    // The profile routes through the tree; turning that on is itself not under the policy yet.
    const profile = await as(a, 'POST', `/v1/paymentprofile/${world.profileA}`, {
      processors: [world.processorId, second],
      intelligent_routing: true,
      routing: { card: routing },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    await setPolicy(['routing']);
  });

  it('refuses self-approval; another person applies exactly the diff, and the next payment routes the new way', async () => {
    const id = await ask(tree(second, world.processorId));
    const self = await approve(a, id);
    expect([self.status, self.body.code]).toEqual([403, 'self_approval']);
    const pay = () =>
      as(a, 'POST', '/v1/transaction', {
        payment_profile: world.profileA,
        amount: 25_000,
        payment_product_type: 'card',
        merchant_reference: 'FOUR-EYES',
      });
    expect((await pay()).body.processor).toBe(world.processorId);
    const approved = await approve(a2, id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      decided_by_name: 'Second person',
      decision_comment: 'Looks right',
    });
    const now = (await as(a, 'GET', `/v1/routing/${routing}`)).body;
    expect(now).toMatchObject({ version: 2, details: tree(second, world.processorId) });
    expect((await pay()).body.processor).toBe(second);
    const [entry] = await t.db.query<{ detail: { change_request: string }; user_name: string }>(
      sql`select detail, user_name from audit_log where type = 'routing_updated' and entity_id = ${routing} order by created_at desc limit 1`,
    );
    expect(entry).toMatchObject({ user_name: 'Second person', detail: { change_request: id } });
    // Decided once.
    expect((await approve(a2, id)).body.code).toBe('not_pending');
  });

  it('refuses a stale base with 409 until the author renews it', async () => {
    const id = await ask(tree(world.processorId, second));
    await setPolicy([]);
    expect((await as(a, 'POST', `/v1/routing/${routing}`, { name: 'Renamed meanwhile' })).status).toBe(200);
    await setPolicy(['routing']);
    const stale = await approve(a2, id);
    expect([stale.status, stale.body.code]).toEqual([409, 'stale_base']);
    expect((await request(id)).status).toBe('pending');
    const renewed = await as(a, 'POST', `/v1/changerequest/${id}/renew`);
    expect(renewed.status).toBe(202);
    expect((await request(id)).status).toBe('withdrawn');
    expect((await approve(a2, renewed.body.change_request)).status).toBe(200);
    expect((await as(a, 'GET', `/v1/routing/${routing}`)).body).toMatchObject({
      name: 'Renamed meanwhile',
      details: tree(world.processorId, second),
    });
  });

  it('refuses an expired request', async () => {
    const id = await ask(tree(second, second));
    await t.db.query(sql`update change_request set expires_at = now() - interval '1 minute' where id = ${id}`);
    expect((await request(id)).status).toBe('expired');
    const answer = await approve(a2, id);
    expect([answer.status, answer.body.code]).toEqual([409, 'change_request_expired']);
  });

  it('applies once when two approvals race', async () => {
    const id = await ask(tree(second, world.processorId));
    const before = (await as(a, 'GET', `/v1/routing/${routing}`)).body.version as number;
    const provider2 = provider;
    const answers = await Promise.all([approve(a2, id), approve(provider2, id), approve(a2, id)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409]);
    expect((await as(a, 'GET', `/v1/routing/${routing}`)).body.version).toBe(before + 1);
    const [{ n }] = await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where type = 'routing_updated' and detail->>'change_request' = ${id}`,
    );
    expect(n).toBe(1);
  });

  it('counts for the badge the requests another person could decide', async () => {
    const id = await ask(tree(world.processorId, world.processorId));
    expect((await as(a2, 'GET', '/v1/changerequest/decidable/count')).body.count).toBeGreaterThanOrEqual(1);
    const mine = (await as(a, 'GET', '/v1/changerequest/decidable/count')).body.count as number;
    const rejected = await as(a2, 'POST', `/v1/changerequest/${id}/reject`, { comment: 'Not now' });
    expect(rejected.body).toMatchObject({ status: 'rejected', decision_comment: 'Not now' });
    expect((await as(a, 'GET', '/v1/changerequest/decidable/count')).body.count).toBe(mine);
    expect((await as(a2, 'POST', `/v1/changerequest/${id}/reject`, {})).status).toBe(400);
  });

  it('lets the emergency role apply at once, marked, approvers mailed, approved after the fact', async () => {
    const refused = await as(
      a,
      'POST',
      `/v1/routing/${routing}`,
      { name: 'Hot fix' },
      { [CHANGE_EMERGENCY_HEADER]: 'Outage' },
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'emergency_not_allowed']);
    const applied = await as(
      a2,
      'POST',
      `/v1/routing/${routing}`,
      { name: 'Hot fix' },
      {
        [CHANGE_EMERGENCY_HEADER]: 'Processor outage',
      },
    );
    expect(applied.status).toBe(200);
    expect(applied.body.name).toBe('Hot fix');
    const [emergency] = (await as(a, 'GET', `/v1/changerequest?status=emergency&entity_id=${routing}`)).body;
    expect(emergency).toMatchObject({ emergency: true, emergency_reason: 'Processor outage', overdue: false });
    const [mail] = await t.db.query<{ to_address: string }>(
      sql`select to_address from mail where template = 'change_emergency' order by created_at desc limit 1`,
    );
    expect(mail.to_address).toBe('a@test.kassa');
    expect((await approve(a, emergency.id)).body.status).toBe('approved');
    await t.db.query(
      sql`update change_request set due_at = now() - interval '1 hour', status = 'emergency' where id = ${emergency.id}`,
    );
    expect((await request(emergency.id)).overdue).toBe(true);
  });
});
