import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../plugins/auth-context.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { insertCustomer, planBody } from '../modules/recurring/recurring.fixtures.ts';
import { recordFigures } from './figures.ts';

/** Abuse: bursts against the sign-in and forgot-password limits, replayed sessions, cross-site writes, oversized bodies. */
let t: TestApp;
let world: TestWorld;
const figures: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
});
afterAll(async () => {
  recordFigures('abuse', figures);
  await t.close();
});

/** RFC 4180 cells (quoted fields with doubled quotes, CRLF rows), flattened. */
const parseCsv = (text: string): string[] => {
  const cells: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
        if (i >= text.length) break;
      }
    } else while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') cell += text[i++];
    cells.push(cell);
    if (text[i] === ',') i++;
    else while (text[i] === '\r' || text[i] === '\n') i++;
  }
  return cells;
};

const login = (ip: string, password: string, username = 'a@test.kassa') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress: ip, payload: { username, password } });

describe('abuse', () => {
  it('a burst of 60 failed sign-ins from one address: 429 with Retry-After after the limit, other addresses unaffected', async () => {
    // Spread over many (unknown) accounts, so the per-account lock does not hide the per-address limit.
    // Twice the limit is enough to see it hold; every refused attempt still costs a password hash.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('203.0.113.7', 'Wrong-password-1!', `nobody${i}@test.kassa`)),
    );
    const limited = answers.filter((r) => r.statusCode === 429);
    figures.signInBurst = answers.length;
    figures.signInLimited = limited.length;
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    // The limit is 30 failures per address; a concurrent burst may overshoot only by the requests in flight.
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(40);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(limited[0].json()).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
    // Even the right password is refused from that address now; from another it works.
    expect((await login('203.0.113.7', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login('198.51.100.9', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a burst of 50 forgot-password requests from one address: 429 after the limit, the same answer for known and unknown e-mails before it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/forgot-password',
          remoteAddress: '203.0.113.8',
          payload: { email: i % 2 ? 'a@test.kassa' : `nobody${i}@test.kassa` },
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    figures.forgotBurst = answers.length;
    figures.forgotLimited = answers.filter((r) => r.statusCode === 429).length;
    expect(new Set(ok.map((r) => r.body))).toEqual(new Set(['{"ok":true}']));
    expect(ok.length).toBeLessThanOrEqual(15);
    expect(figures.forgotLimited).toBeGreaterThanOrEqual(35);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });

  it('a session cookie replayed after logout is refused everywhere', async () => {
    const who = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: who })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: who })).statusCode).toBeLessThan(300);
    let replayed = 0;
    for (const route of declaredRoutes(t.app).filter((r) => r.method === 'GET' && !('public' in r.access))) {
      const response = await t.app.inject({ method: 'GET', url: route.url.replace(/:\w+/g, 'x'), headers: who });
      replayed++;
      expect(response.statusCode, route.url).toBe(401);
    }
    figures.replayedAfterLogout = replayed;
  });

  it('a state change from a foreign Origin is refused with 403 on every route that changes state, and changes nothing', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 5000 });
    const writes = declaredRoutes(t.app).filter((r) => r.method !== 'GET');
    const failures: string[] = [];
    for (const route of writes) {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const url = route.url.replace(/:\w+/g, tx);
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...who, ...headers },
          payload: route.method === 'DELETE' ? undefined : { amount: 100, name: 'csrf' },
        });
        if (response.statusCode !== 403 || response.json().code !== 'foreign_origin')
          failures.push(`${route.method} ${route.url} ${JSON.stringify(headers)}: ${response.statusCode}`);
      }
    }
    figures.crossSiteWritesTried = writes.length * 3;
    expect(failures).toEqual([]);
    expect(await t.db.query(sql`select id from refund where transaction_id = ${tx}`)).toEqual([]);
    // The same request from Kassa's own page goes through.
    const own = await t.app.inject({
      method: 'POST',
      url: `/v1/transaction/${tx}/refund`,
      headers: { ...who, origin: 'http://localhost', host: 'localhost' },
      payload: { amount: 100 },
    });
    expect(own.statusCode).toBe(201);
  });

  it('a body over the size limit is refused with 413 in the error format, before any work', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: { ...who, 'content-type': 'application/json' },
      payload: big,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: 'validation_error' });
    const [{ name }] = await t.db.query<{ name: string }>(sql`select name from app_user where email = 'a@test.kassa'`);
    expect(name).toBe('a');
  });

  it('CSV injection: no cell of any export starts with = + - @ tab or CR, whatever users typed', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+31 6 1234', '-2+3', '@SUM(A1)', '\tcmd', '\r=1'];
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who, payload });
    for (const [i, text] of hostile.entries()) {
      await post('/v1/tag', { text: text.slice(0, 30), colour: '#ff0000' });
      await post('/v1/plan', planBody(world.profileA, { name: text, description: text }));
      await post('/v1/checkoutdesign', { name: `${text} ${i}`, description: text });
      await post('/v1/payment-link', {
        payment_profile: world.profileA,
        amount: 1000,
        description: text,
        merchant_reference: text,
      });
      const customer = await insertCustomer(t.db, world.shopA, { email: `csv${i}@example.test` });
      await t.db.query(sql`update customer set first_name = ${text}, last_name = ${text} where id = ${customer}`);
      await insertTestTransaction(t.db, world.shopA, world.profileA, { reference: text, customerId: customer });
    }
    const admin = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
    const exports = declaredRoutes(t.app).filter((r) => r.method === 'GET' && r.url.endsWith('/export'));
    const offending: string[] = [];
    let cells = 0;
    let neutralised = 0;
    for (const route of exports) {
      for (const caller of [who, admin]) {
        const response = await t.app.inject({ method: 'GET', url: route.url, headers: caller });
        if (response.statusCode !== 200) continue;
        for (const cell of parseCsv(response.body)) {
          cells++;
          if (/^[=+\-@\t\r]/.test(cell)) offending.push(`${route.url}: ${JSON.stringify(cell).slice(0, 60)}`);
          if (/^'[=+\-@\t\r]/.test(cell)) neutralised++;
        }
      }
    }
    figures.exportRoutes = exports.length;
    figures.exportCellsChecked = cells;
    figures.exportCellsNeutralised = neutralised;
    expect(offending).toEqual([]);
    expect(neutralised).toBeGreaterThan(10);
  });

  it('slow clients are cut off: the server has header and request timeouts', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const server = t.app.server;
    figures.headersTimeoutSeconds = server.headersTimeout / 1000;
    figures.requestTimeoutSeconds = server.requestTimeout / 1000;
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(60_000);
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeLessThanOrEqual(120_000);
  });
});
