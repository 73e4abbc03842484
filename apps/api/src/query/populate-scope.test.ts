import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';

let t: TestApp;
let world: TestWorld;
let sub: string;
let merchant: string;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await t.db.query(
    sql`update organisation set email = 'finance@shop-a.example', tax_number = 'NL001234567B01' where id = ${world.shopA.id}`,
  );
  sub = (await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD)).cookie;
  merchant = (await signIn(t.app, 'a@test.kassa', TEST_PASSWORD)).cookie;
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('_populate stays inside the caller’s tenancy', () => {
  it('a sub-organisation user gets 404 for its parent and does not see it through _populate=parent', async () => {
    expect((await get(`/v1/organisation/${world.shopA.id}`, sub)).statusCode).toBe(404);
    const response = await get('/v1/organisation?_populate=parent', sub);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { id: string; parent: unknown }[];
    expect(rows.map((row) => row.id)).toEqual([world.shopASub.id]);
    // Only the id, which the row carries anyway: no name, e-mail or tax number of the parent.
    expect(rows[0].parent).toBe(world.shopA.id);
    expect(response.body).not.toContain('NL001234567B01');
    expect(response.body).not.toContain('finance@shop-a.example');
  });

  it('the same by id and in an export', async () => {
    const one = await get(`/v1/organisation/${world.shopASub.id}?_populate=parent`, sub);
    expect(one.json().parent).toBe(world.shopA.id);
    const csv = await get('/v1/organisation/export?_fields=id,parent.name,parent.tax_number', sub);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Shop A,');
    expect(csv.body).not.toContain('NL001234567B01');
  });

  it('populates what the caller may see: a merchant user sees its sub-organisation’s parent, not the provider', async () => {
    const rows = (await get('/v1/organisation?_populate=parent&_sort=name', merchant)).json() as {
      id: string;
      parent: { id: string; tax_number?: string } | string;
    }[];
    const byId = new Map(rows.map((row) => [row.id, row.parent]));
    expect(byId.get(world.shopASub.id)).toMatchObject({ id: world.shopA.id, tax_number: 'NL001234567B01' });
    expect(byId.get(world.shopA.id)).toBe(world.provider.id);
  });
});
