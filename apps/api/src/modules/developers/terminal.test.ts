import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  users = await signInTestUsers(t.app, TEST_PASSWORD);
});
afterAll(() => t.close());

const create = (who: Caller, body: Record<string, unknown>) => callAs(t.app, who, 'POST', '/v1/terminal', body);
const valid = (serial: string) => ({
  name: 'Counter 1',
  serial_number: serial,
  model: 'PAX A920 Pro',
  payment_profile: world.profileA,
});

describe('terminals', () => {
  it('registers a terminal for a profile of the merchant, normalises the serial and edits it', async () => {
    const created = await create(users.a, { ...valid(' 1850-ab-123 '), location: 'Amsterdam store' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Counter 1',
      serial_number: '1850-AB-123',
      status: 'active',
      location: 'Amsterdam store',
      payment_profile: world.profileA,
      organisation: world.shopA.id,
      last_seen_at: null,
    });
    const edited = await callAs(t.app, users.a, 'POST', `/v1/terminal/${created.body.id}`, {
      status: 'inactive',
      location: '',
    });
    expect(edited.body).toMatchObject({ status: 'inactive', location: null, serial_number: '1850-AB-123' });
    const listed = await callAs(t.app, users.a, 'GET', '/v1/terminal?status=inactive&_populate=payment_profile');
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: created.body.id,
        payment_profile: expect.objectContaining({ id: world.profileA, name: 'Shop A web' }),
      }),
    ]);
  });

  it('refuses bad input naming the field, and a serial number that is already registered', async () => {
    expect(errorPaths((await create(users.a, {})).body)).toEqual([
      'body.model',
      'body.name',
      'body.payment_profile',
      'body.serial_number',
    ]);
    const bad = await create(users.a, { ...valid('x!'), model: 'Nokia 3310', status: 'broken' });
    expect(errorPaths(bad.body)).toEqual(['body.model', 'body.serial_number', 'body.status']);
    expect((await create(users.a, { ...valid('DUP-0001') })).status).toBe(201);
    const twice = await create(users.b, { ...valid('dup-0001'), payment_profile: world.profileB });
    expect(twice.status).toBe(409);
    expect(errorPaths(twice.body)).toEqual(['body.serial_number']);
    expect((await create(users.a, { ...valid('NO-ID-1'), id: 'trm_x' })).status).toBe(400);
    const count = await callAs(t.app, users.b, 'GET', '/v1/terminal/count');
    expect(count.body.count).toBe(0);
  });

  it('keeps tenants apart: another merchant’s terminal or profile is a 404, absent from lists', async () => {
    const terminalB = (await create(users.b, { ...valid('B-0000001'), payment_profile: world.profileB })).body;
    expect((await callAs(t.app, users.a, 'GET', `/v1/terminal/${terminalB.id}`)).status).toBe(404);
    expect((await callAs(t.app, users.a, 'POST', `/v1/terminal/${terminalB.id}`, { name: 'mine' })).status).toBe(404);
    expect(
      (await callAs(t.app, users.a, 'GET', '/v1/terminal?_limit=100')).body.map((r: { id: string }) => r.id),
    ).not.toContain(terminalB.id);
    const foreignProfile = await create(users.a, { ...valid('A-FOREIGN-1'), payment_profile: world.profileB });
    expect(foreignProfile.status).toBe(404);
    expect(errorPaths(foreignProfile.body)).toEqual(['body.payment_profile']);
    const mine = (await create(users.a, valid('A-0000002'))).body;
    expect(
      (await callAs(t.app, users.a, 'POST', `/v1/terminal/${mine.id}`, { payment_profile: world.profileB })).status,
    ).toBe(404);
    expect((await create(users.a, { ...valid('A-0000003'), organisation: world.shopB.id })).status).toBe(404);
    // The sub-organisation's user sees only its own terminals.
    expect((await callAs(t.app, users.aSub, 'GET', `/v1/terminal/${mine.id}`)).status).toBe(404);
  });

  it('needs a terminal role to read and to write', async () => {
    expect((await callAs(t.app, users.analyst, 'GET', '/v1/terminal')).status).toBe(403);
    expect((await create(users.analyst, valid('ANALYST-1'))).status).toBe(403);
    const provider = await callAs(t.app, users.provider, 'GET', `/v1/terminal?organisation=${world.shopA.id}`);
    expect(provider.status).toBe(200);
    expect(provider.body.length).toBeGreaterThan(0);
  });
});
