import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../auth/user.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let aSub: Caller;
let b: Caller;
let analyst: Caller;
let provider: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, aSub, b, analyst, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

const create = (who: Caller, body: Record<string, unknown>) =>
  callAs(t.app, who, 'POST', '/v1/organisation', { country_code: 'NL', ...body });
const update = (who: Caller, id: string, body: Record<string, unknown>) =>
  callAs(t.app, who, 'POST', `/v1/organisation/${id}`, body);

describe('organisations', () => {
  it('creates a sub-organisation below a parent with every address field, and lists it in the tree', async () => {
    const created = await create(a, {
      name: 'Shop A Rotterdam',
      parent: world.shopA.id,
      email: 'rdam@shop-a.test',
      street: 'Coolsingel',
      street_number: '40',
      postal_code: '3011 AD',
      locality: 'Rotterdam',
      tax_number: 'NL001',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Shop A Rotterdam',
      type: 'sub',
      parent: world.shopA.id,
      street_number: '40',
      country_code: 'NL',
      phone: null,
    });
    const list = await callAs(t.app, a, 'GET', '/v1/organisation?_limit=100');
    expect(list.body.map((o: { id: string }) => o.id)).toContain(created.body.id);
    const providerMade = await create(provider, { name: 'New merchant', parent: world.provider.id });
    expect(providerMade.body.type).toBe('merchant');
  });

  it('refuses every §5 rule with the field named, and stores nothing', async () => {
    const before = (await callAs(t.app, a, 'GET', '/v1/organisation/count')).body.count;
    const empty = await callAs(t.app, a, 'POST', '/v1/organisation', {});
    expect(empty.status).toBe(400);
    expect(errorPaths(empty.body)).toEqual(['body.country_code', 'body.name', 'body.parent']);
    const bad = await create(a, {
      name: 'X',
      parent: world.shopA.id,
      street_number: '12a',
      email: 'nope',
      country_code: 'Netherlands',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.street_number', code: 'invalidNumber' }),
        expect.objectContaining({ path: 'body.email', code: 'invalidEmail' }),
        expect.objectContaining({ path: 'body.country_code', code: 'invalidCountry' }),
      ]),
    );
    expect((await create(a, { name: 'X', parent: world.shopA.id, type: 'merchant' })).status).toBe(400);
    expect((await callAs(t.app, a, 'GET', '/v1/organisation/count')).body.count).toBe(before);
  });

  it('edits only the fields sent and clears an emptied one', async () => {
    const { body } = await create(a, {
      name: 'Edit me',
      parent: world.shopA.id,
      phone: '010-1234567',
      locality: 'Delft',
    });
    const edited = await update(a, body.id, { name: 'Edited', phone: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Edited', phone: null, locality: 'Delft', parent: world.shopA.id });
    expect(errorPaths((await update(a, body.id, { street_number: 'x1' })).body)).toEqual(['body.street_number']);
  });

  it('moves a subtree without cycles, only within its merchant, and tenancy follows at once', async () => {
    const region = (await create(a, { name: 'Region South', parent: world.shopA.id })).body;
    const hash = await hashPassword(TEST_PASSWORD);
    await insertUser(t.db, {
      organisationId: region.id,
      email: 'south@test.kassa',
      name: 'south',
      passwordHash: hash,
      roles: ['USER_ALL'],
    });
    const south = await signIn(t.app, 'south@test.kassa', TEST_PASSWORD);
    const outletTx = await insertTestTransaction(t.db, world.shopASub, world.profileASub);
    expect((await callAs(t.app, south, 'GET', `/v1/transaction/${outletTx}`)).status).toBe(404);

    const moved = await update(a, world.shopASub.id, { parent: region.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBe(region.id);
    expect((await callAs(t.app, south, 'GET', `/v1/transaction/${outletTx}`)).status).toBe(200);
    expect(
      (await callAs(t.app, south, 'GET', '/v1/organisation')).body.map((o: { id: string }) => o.id).sort(),
    ).toEqual([region.id, world.shopASub.id].sort());
    // The outlet's own user still sees its own rows.
    expect((await callAs(t.app, aSub, 'GET', `/v1/transaction/${outletTx}`)).status).toBe(200);

    const cycle = await update(a, region.id, { parent: world.shopASub.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.details[0].path).toBe('body.parent');
    expect((await update(a, region.id, { parent: region.id })).status).toBe(400);
    const acrossMerchants = await update(provider, world.shopASub.id, { parent: world.shopB.id });
    expect(acrossMerchants.status).toBe(400);
    expect(acrossMerchants.body.message).toMatch(/within its own merchant/);
    expect((await update(provider, world.shopA.id, { parent: world.shopB.id })).status).toBe(400);
  });

  it('keeps tenants apart and refuses users without the role', async () => {
    const bSub = (await create(b, { name: 'B outlet', parent: world.shopB.id })).body;
    expect((await callAs(t.app, a, 'GET', `/v1/organisation/${bSub.id}`)).status).toBe(404);
    expect((await update(a, bSub.id, { name: 'taken' })).status).toBe(404);
    const underB = await create(a, { name: 'sneaky', parent: world.shopB.id });
    expect(underB.status).toBe(404);
    expect(errorPaths(underB.body)).toEqual(['body.parent']);
    expect(
      (await callAs(t.app, a, 'GET', '/v1/organisation?_limit=100')).body.map((o: { id: string }) => o.id),
    ).not.toContain(bSub.id);
    expect((await create(aSub, { name: 'above me', parent: world.shopA.id })).status).toBe(404);
    expect((await create(analyst, { name: 'x', parent: world.shopA.id })).status).toBe(403);
    expect((await update(analyst, world.shopA.id, { name: 'x' })).status).toBe(403);
  });

  it('names the organisations directly below it as children (risk-config.md §3), and follows a move', async () => {
    const branch = (await create(b, { name: 'B branch', parent: world.shopB.id })).body;
    expect(branch.children).toEqual([]);
    const leaf = (await create(b, { name: 'B leaf', parent: branch.id })).body;
    const merchant = await callAs(t.app, b, 'GET', `/v1/organisation/${world.shopB.id}`);
    expect(merchant.body.children).toContain(branch.id);
    expect(merchant.body.children).not.toContain(leaf.id);
    expect((await callAs(t.app, b, 'GET', `/v1/organisation/${branch.id}`)).body.children).toEqual([leaf.id]);
    await update(b, leaf.id, { parent: world.shopB.id });
    expect((await callAs(t.app, b, 'GET', `/v1/organisation/${branch.id}`)).body.children).toEqual([]);
    const list = await callAs(t.app, b, 'GET', `/v1/organisation?id=${world.shopB.id}`);
    expect(list.body[0].children).toEqual(expect.arrayContaining([branch.id, leaf.id]));
  });
});
