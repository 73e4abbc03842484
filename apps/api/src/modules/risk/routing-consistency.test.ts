import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoRouting } from '../../demo/routing.ts';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, signInTestUsers, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

/** Issue 31 item 3: routing, profiles and the payments engine stay consistent with what the screens say. */

let t: TestApp;
let world: TestWorld;
let a: Caller;
let second: string;
let ideal: string;

const tree = (then: string, otherwise: string) => ({
  if: [{ name: 'amount', operator: '>', value: '10000' }],
  then,
  else: otherwise,
});
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => callAs(t.app, a, method, url, body);

const insertProcessor = async (name: string, product: string) => {
  const id = newId('prc');
  await t.db.query(sql`insert into processor (id, organisation_id, name, provider, payment_product)
    values (${id}, ${world.provider.id}, ${name}, 'sandbox', ${product})`);
  return id;
};
const newRouting = async (details: unknown = tree(second, world.processorId), product = 'card') => {
  const created = await call('POST', '/v1/routing', {
    name: `Routing ${newId('n')}`,
    payment_product: product,
    details,
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
};
const newProfile = async (routing: Record<string, string>, processors = [world.processorId, second]) => {
  const created = await call('POST', '/v1/paymentprofile', {
    name: `Profile ${newId('n')}`,
    display_name: 'Shop A',
    organisation: world.shopA.id,
    processors,
    intelligent_routing: true,
    routing,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; name: string };
};
const pay = (profile: string, product = 'card', amount = 25_000) =>
  call('POST', '/v1/transaction', {
    payment_profile: profile,
    amount,
    payment_product_type: product,
    merchant_reference: 'CONSISTENCY',
  });

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a } = await signInTestUsers(t.app, TEST_PASSWORD));
  second = await insertProcessor('Second cards', 'card');
  ideal = await insertProcessor('iDEAL', 'ideal');
});
afterAll(() => t.close());

describe('a routing change is checked against the profiles that use it', () => {
  it('refuses with 409 naming the profile a tree with a processor the profile does not have', async () => {
    const routing = await newRouting();
    const profile = await newProfile({ card: routing });
    const third = await insertProcessor('Third cards', 'card');
    const answer = await call('POST', `/v1/routing/${routing}`, { details: tree(third, world.processorId) });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'in_use' });
    expect(answer.body.message).toContain(profile.name);
    expect(errorPaths(answer.body)).toEqual(['body.details']);
    expect((await call('GET', `/v1/routing/${routing}`)).body.details).toMatchObject(tree(second, world.processorId));
    // A tree within the profile's processors is fine.
    expect((await call('POST', `/v1/routing/${routing}`, { details: tree(world.processorId, second) })).status).toBe(
      200,
    );
  });

  it('refuses with 409 a new payment product while a profile uses the routing for cards', async () => {
    const routing = await newRouting();
    const profile = await newProfile({ card: routing }, [world.processorId, second, ideal]);
    const answer = await call('POST', `/v1/routing/${routing}`, {
      payment_product: 'ideal',
      details: tree(ideal, ideal),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain(profile.id);
    expect(errorPaths(answer.body)).toEqual(['body.payment_product']);
    expect((await call('GET', `/v1/routing/${routing}`)).body.payment_product).toBe('card');
  });
});

describe('a processor that routings use', () => {
  it('cannot change its payment product under them (409 naming the routing)', async () => {
    const third = await insertProcessor('Third cards', 'card');
    const routing = await newRouting(tree(third, world.processorId));
    const { provider } = await signInTestUsers(t.app, TEST_PASSWORD);
    const answer = await callAs(t.app, provider, 'POST', `/v1/processor/${third}`, { payment_product: 'ideal' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'in_use' });
    expect(answer.body.details[0]).toMatchObject({ path: 'body.payment_product' });
    expect(answer.body.message).toContain(routing);
    expect((await callAs(t.app, provider, 'POST', `/v1/processor/${third}`, { name: 'Renamed' })).status).toBe(200);
  });
});

describe('deleting a routing a profile uses', () => {
  it('answers 409 naming the profile, and 204 once no profile uses it', async () => {
    const routing = await newRouting();
    const profile = await newProfile({ card: routing });
    const refused = await call('DELETE', `/v1/routing/${routing}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'in_use' });
    expect(refused.body.details).toMatchObject([
      { path: 'params.id', message: `Used by payment profile ${profile.name} (${profile.id}) for card` },
    ]);
    expect((await call('GET', `/v1/routing/${routing}`)).status).toBe(200);
    expect((await call('POST', `/v1/paymentprofile/${profile.id}`, { intelligent_routing: false })).status).toBe(200);
    expect((await call('DELETE', `/v1/routing/${routing}`)).status).toBe(204);
  });

  it("counts another merchant's profile that references the routing, without naming it", async () => {
    const routing = await newRouting();
    // Such a reference predates checks in the owner's scope; stored data may hold it.
    await t.db.query(
      sql`update payment_profile set routing = ${JSON.stringify({ card: routing })}::jsonb, intelligent_routing = true where id = ${world.profileB}`,
    );
    const refused = await call('DELETE', `/v1/routing/${routing}`);
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject([
      { path: 'params.id', message: 'Used by payment profile of another merchant for card' },
    ]);
    expect(JSON.stringify(refused.body)).not.toContain(world.profileB);
    expect(JSON.stringify(refused.body)).not.toContain('Shop B web');
    await t.db.query(sql`update payment_profile set routing = '{}'::jsonb where id = ${world.profileB}`);
  });
});

describe('the payments engine follows the screens', () => {
  it('routes through the tree only while the profile’s intelligent-routing toggle is on', async () => {
    const routing = await newRouting(tree(second, world.processorId));
    const profile = await newProfile({ card: routing });
    const on = await pay(profile.id);
    expect(on.body).toMatchObject({ processor: second });
    expect(on.body.decision.routing).toMatchObject({ routing, fallback: false });
    // A profile stored with routing but the toggle off (older data): the routing does not apply.
    await t.db.query(sql`update payment_profile set intelligent_routing = false where id = ${profile.id}`);
    const off = await pay(profile.id);
    expect(off.body).toMatchObject({ processor: world.processorId });
    expect(off.body.decision.routing).toMatchObject({ routing: null, fallback: true });
  });

  it('does not use a routing whose payment product is not the payment’s', async () => {
    const routing = await newRouting(tree(second, second));
    const profile = await newProfile({}, [world.processorId, ideal]);
    // The API refuses this choice; stored data may still hold it.
    await t.db.query(
      sql`update payment_profile set routing = ${JSON.stringify({ ideal: routing })}::jsonb where id = ${profile.id}`,
    );
    const answer = await pay(profile.id, 'ideal');
    expect(answer.body).toMatchObject({ processor: ideal });
    expect(answer.body.decision.routing).toMatchObject({ routing: null, fallback: true });
  });

  it('refuses routing chosen with the toggle off rather than storing a choice the engine ignores', async () => {
    const routing = await newRouting();
    const answer = await call('POST', '/v1/paymentprofile', {
      name: 'Toggle off',
      display_name: 'Shop A',
      organisation: world.shopA.id,
      processors: [world.processorId, second],
      routing: { card: routing },
    });
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['body.intelligent_routing']);
  });

  it('gives the demo world’s profiles with a routing tree the toggle on', async () => {
    const id = newId('pp');
    const split = {
      card: {
        type: 'split',
        targets: [
          { processor: world.processorId, weight: 70 },
          { processor: second, weight: 30 },
        ],
      },
    };
    await t.db
      .query(sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name, processors, routing)
      values (${id}, ${world.shopA.id}, ${world.shopA.id}, 'Demo', 'Demo', ${[world.processorId, second]}, ${JSON.stringify(split)}::jsonb)`);
    await createDemoRouting(t.db);
    const [row] = await t.db.query<{ intelligent_routing: boolean; routing: { card: unknown } }>(
      sql`select intelligent_routing, routing from payment_profile where id = ${id}`,
    );
    expect(row.intelligent_routing).toBe(true);
    expect(typeof row.routing.card).toBe('string');
    expect((await pay(id)).body.decision.routing).toMatchObject({ routing: row.routing.card, fallback: false });
  });
});

describe('migration 0107', () => {
  it('turns the toggle on for stored profiles with routing entries, not for weighted splits or none', async () => {
    const routing = await newRouting();
    const profiles = { entry: newId('pp'), split: newId('pp'), none: newId('pp') };
    const routingOf = {
      entry: { card: routing },
      split: { card: { type: 'split', targets: [] } },
      none: {},
    };
    for (const [kind, id] of Object.entries(profiles))
      await t.db
        .query(sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name, processors, routing)
        values (${id}, ${world.shopA.id}, ${world.shopA.id}, ${kind}, ${kind}, ${[world.processorId]},
          ${JSON.stringify(routingOf[kind as keyof typeof routingOf])}::jsonb)`);
    const migration = new URL('../../db/migrations/0107_intelligent_routing_toggle.sql', import.meta.url);
    await t.db.exec(readFileSync(migration, 'utf8'));
    const rows = await t.db.query<{ name: string; intelligent_routing: boolean }>(
      sql`select name, intelligent_routing from payment_profile where id = any(${Object.values(profiles)}) order by name`,
    );
    expect(rows).toEqual([
      { name: 'entry', intelligent_routing: true },
      { name: 'none', intelligent_routing: false },
      { name: 'split', intelligent_routing: false },
    ]);
  });
});

describe('rulesets and trees as the forms require', () => {
  it('answers 400 to a webhook_url on a 3-D Secure ruleset update, as on create', async () => {
    const rules = [{ name: 'amount', operator: '>', value: '5000' }];
    const created = await call('POST', '/v1/validationruleset', { name: '3DS big', action: '3dSecure', rules });
    expect(created.status).toBe(201);
    const answer = await call('POST', `/v1/validationruleset/${created.body.id}`, {
      name: '3DS big',
      rules,
      webhook_url: 'https://shop-a.test/hook',
    });
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['body.webhook_url']);
    expect((await call('GET', `/v1/validationruleset/${created.body.id}`)).body).toMatchObject({ version: 1 });
  });

  it('refuses a bare processor as the tree and the removal of condition 0', async () => {
    const bare = await call('POST', '/v1/routing', { name: 'Bare', payment_product: 'card', details: second });
    expect(bare.status).toBe(400);
    expect(errorPaths(bare.body)).toEqual(['body.details.if']);
    const routing = await newRouting();
    for (const details of [second, { if: [], then: second, else: world.processorId }]) {
      const answer = await call('POST', `/v1/routing/${routing}`, { details });
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)).toEqual(['body.details.if']);
    }
    // Below the root a branch may be an endpoint.
    expect((await call('POST', `/v1/routing/${routing}`, { details: tree(second, second) })).status).toBe(200);
  });
});
