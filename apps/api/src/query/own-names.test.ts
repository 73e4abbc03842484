import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD } from '../test/world.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const world = await createTestWorld(t.db);
  await insertTestTransaction(t.db, world.shopA, world.profileA);
  cookie = (await signIn(t.app, 'a@test.kassa', TEST_PASSWORD)).cookie;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('names of inherited properties are unknown names, never a 500', () => {
  const cases: [string, string][] = [
    ['/v1/transaction?_populate=constructor', 'querystring._populate'],
    ['/v1/transaction?_populate=__proto__', 'querystring._populate'],
    ['/v1/transaction/count?_populate=toString', 'querystring._populate'],
    ['/v1/transaction?constructor=x', 'querystring.constructor'],
    ['/v1/transaction/count?constructor=x', 'querystring.constructor'],
    ['/v1/transaction?hasOwnProperty=x', 'querystring.hasOwnProperty'],
    ['/v1/transaction?valueOf[]=x', 'querystring.valueOf[]'],
    ['/v1/transaction?_sort=constructor', 'querystring._sort'],
    ['/v1/organisation?constructor=x', 'querystring.constructor'],
    ['/v1/transaction/export?_fields=id,constructor', 'querystring._fields'],
    ['/v1/transaction/export?_fields=id,payment_profile.constructor', 'querystring._fields'],
    ['/v1/transaction/export?_fields=__proto__.name', 'querystring._fields'],
  ];
  for (const [url, path] of cases) {
    it(`${url} answers 400 naming ${path}`, async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    });
  }

  it('never writes a function into an export', async () => {
    const response = await get('/v1/transaction/export?_fields=id,payment_profile.name');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('native code');
    expect(response.body.split('\r\n')[1]).toMatch(/^tx_\w+,Shop A web$/);
  });
});
