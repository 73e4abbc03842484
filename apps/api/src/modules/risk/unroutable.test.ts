import { unroutableOf } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let provider: Caller;
let second: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  second = newId('prc');
  await t.db.query(
    sql`insert into processor (id, organisation_id, name, provider, payment_product) values (${second}, ${world.provider.id}, 'Second cards', 'sandbox', 'card')`,
  );
});
afterAll(() => t.close());

const tree = (big: string, rest: string) => ({
  if: [{ name: 'amount', operator: '>', value: '10000' }],
  then: big,
  else: rest,
});

/** risk-config.md §5/§8: "unroutable" per processor, in the routing's detail (and the editor, from the domain's twin). */
describe('unroutable processors of a routing', () => {
  it('names none while every processor can be reached, then each one that cannot, with why', async () => {
    const created = await callAs(t.app, a, 'POST', '/v1/routing', {
      name: 'Split',
      payment_product: 'card',
      details: tree(world.processorId, second),
    });
    expect(created.status).toBe(201);
    expect(created.body.unroutable).toEqual([]);
    const id = created.body.id;

    // The profile uses the routing with both processors: still fine.
    await callAs(t.app, a, 'POST', `/v1/paymentprofile/${world.profileA}`, {
      processors: [world.processorId, second],
      intelligent_routing: true,
      routing: { card: id },
    });
    expect((await callAs(t.app, a, 'GET', `/v1/routing/${id}`)).body.unroutable).toEqual([]);

    // The provider switches the second processor off; a stored profile lost the first (older data).
    expect((await callAs(t.app, provider, 'POST', `/v1/processor/${second}`, { active: false })).status).toBe(200);
    await t.db.query(sql`update payment_profile set processors = ${[second]} where id = ${world.profileA}`);
    const detail = await callAs(t.app, a, 'GET', `/v1/routing/${id}`);
    expect(detail.body.unroutable).toEqual([
      { processor: world.processorId, reason: 'not_in_profile', payment_profile: world.profileA },
      { processor: second, reason: 'inactive', payment_profile: null },
    ]);
    const list = await callAs(t.app, a, 'GET', '/v1/routing?_populate=organisation');
    expect(list.body.find((row: { id: string }) => row.id === id).unroutable).toEqual(detail.body.unroutable);

    // The browser's twin says the same from the rows it reads.
    const processors = await callAs(t.app, a, 'GET', '/v1/processor?_limit=2000');
    const profiles = await callAs(t.app, a, 'GET', '/v1/paymentprofile?_limit=500');
    expect(
      unroutableOf({ id, payment_product: 'card', details: detail.body.details }, processors.body, profiles.body),
    ).toEqual(detail.body.unroutable);
  });
});
