import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { sql, type Db, type Queryable } from './db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { signIn } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { insertTestCustomer } from '../modules/payments/payments-test-helpers.ts';

/**
 * Issue 31 item 4 in one process: the database goes away right after a creating call's write
 * committed and before its answer leaves (as if the process died or PostgreSQL restarted then).
 * The retry with the same key, after the 60 s lease, replays the answer: it never decides again.
 * The proof with real processes and a cut connection: reliability/idempotency-crash.rel.ts.
 */
let app: FastifyInstance;
let db: Db;
let world: TestWorld;
let who: { cookie: string };
/** While set, every statement fails as on a connection PostgreSQL dropped. */
let down = false;
/** Keys whose first request was cut; their retries go through. */
const cut = new Set<string>();
let customer: string;
/** Runs before each statement of the app (by its prepared name), e.g. to let another request take a claim over. */
let beforeStatement: ((name: string) => Promise<void>) | undefined;
const dropped = () => Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' }));

beforeAll(async () => {
  db = await openTestDb();
  world = await createTestWorld(db);
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
  // The app's own handle on the database, which the cut below affects; the test reads through `db`.
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  const appDb: Db = Object.create(db) as Db;
  appDb.query = async <T>(statement: Parameters<Queryable['query']>[0]) => {
    if (down) return dropped();
    await beforeStatement?.(statement.name ?? '');
    return query<T>(statement);
  };
  appDb.transaction = (work) => (down ? dropped() : transaction(work));
  app = await buildApp({ config, db: appDb });
  // The first `onSend` hook runs once the handler answered, so after its write committed; the
  // route's own hooks (the idempotency answer's) run after it.
  app.addHook('onSend', async (request, _reply, payload) => {
    const key = String(request.headers['idempotency-key'] ?? '');
    if (key.startsWith('cut-') && !cut.has(key)) {
      cut.add(key);
      down = true;
    }
    return payload;
  });
  await app.ready();
  who = await signIn(app, 'a@test.kassa', TEST_PASSWORD);
  customer = await insertTestCustomer(db, world.shopA);
});
afterAll(async () => {
  down = false;
  await app.close();
  await db.close();
});

const send = (url: string, key: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { ...who, 'idempotency-key': key }, payload });

/** The first request's answer is lost with the connection; time passes beyond the lease; the client retries. */
const crashThenRetry = async (url: string, key: string, payload: object = {}) => {
  await send(url, key, payload);
  // The audit trail's write after the answer (if any) runs on `onResponse`: let it fail while down.
  await new Promise((resolve) => setTimeout(resolve, 20));
  down = false;
  await db.query(sql`update idempotency_key set locked_until = now() - interval '1 second' where state = 'in_flight'`);
  return send(url, key, payload);
};

const count = async (statement: ReturnType<typeof sql>) => (await db.query<{ n: number }>(statement))[0].n;

/** The request's own trail entry, written with its write (not the replay's, which says it replayed). */
const trailEntries = (key: string) =>
  count(sql`select count(*)::int as n from audit_log
    where request->'headers' @> ${JSON.stringify([{ name: 'idempotency-key', value: key }])}::jsonb
      and not response->'headers' @> '[{"name":"idempotent-replayed"}]'::jsonb`);

describe('a creating call whose answer is lost after its write committed', () => {
  it('POST /v1/transaction: the retry replays the payment, never a second one', async () => {
    const body = {
      payment_profile: world.profileA,
      amount: 2500,
      payment_product_type: 'card',
      merchant_reference: 'CUT-PAY',
      card_number: '4111111111111111',
    };
    const retry = await crashThenRetry('/v1/transaction', 'cut-pay', body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count(sql`select count(*)::int as n from transaction where merchant_reference = 'CUT-PAY'`)).toBe(1);
    // The stored answer is the payment as it reads back.
    const read = await app.inject({ method: 'GET', url: `/v1/transaction/${retry.json().id}`, headers: who });
    expect(retry.json()).toEqual(read.json());
    expect(await trailEntries('cut-pay')).toBe(1);
    // The key stays bound to its request.
    expect((await send('/v1/transaction', 'cut-pay', { ...body, amount: 2600 })).statusCode).toBe(422);
  });

  it('POST /v1/transaction sent to a 3-D Secure challenge: the retry replays it with its checkout URL', async () => {
    const ruleset = await app.inject({
      method: 'POST',
      url: '/v1/validationruleset',
      headers: who,
      payload: {
        name: 'Secure huge',
        action: '3dSecure',
        rules: [{ name: 'amount', operator: '>=', value: '777700' }],
      },
    });
    expect(ruleset.statusCode).toBe(201);
    const body = {
      payment_profile: world.profileA,
      amount: 777700,
      payment_product_type: 'card',
      merchant_reference: 'CUT-3DS',
    };
    const retry = await crashThenRetry('/v1/transaction', 'cut-3ds', body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ status: 'IN_PROGRESS', checkout_url: expect.stringMatching(/\/checkout\//) });
    expect(await count(sql`select count(*)::int as n from transaction where merchant_reference = 'CUT-3DS'`)).toBe(1);
    expect(await trailEntries('cut-3ds')).toBe(1);
  });

  it('answers a keyed payment with the row as it reads back, also declined, with a customer and a description', async () => {
    const body = {
      payment_profile: world.profileA,
      amount: 1051,
      payment_product_type: 'card',
      merchant_reference: 'KEYED-DECLINED',
      customer,
      description: 'Declined on purpose',
    };
    const first = await send('/v1/transaction', 'keyed-declined', body);
    expect(first.json()).toMatchObject({ status: 'DECLINED', customer, description: 'Declined on purpose' });
    const read = await app.inject({ method: 'GET', url: `/v1/transaction/${first.json().id}`, headers: who });
    expect(first.json()).toEqual(read.json());
    const again = await send('/v1/transaction', 'keyed-declined', body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it.each([
    ['capture', 'AUTHORIZED', 'SETTLEMENT_REQUESTED', 'transaction_captured'],
    ['cancel', 'AUTHORIZED', 'AUTHORIZATION_VOIDED', 'transaction_cancelled'],
  ])('POST /v1/transaction/{id}/%s: the retry replays the change', async (action, from, to, type) => {
    const tx = await insertTestTransaction(db, world.shopA, world.profileA, { status: from });
    const retry = await crashThenRetry(`/v1/transaction/${tx}/${action}`, `cut-${action}`);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ id: tx, status: to });
    expect(
      await count(sql`select count(*)::int as n from audit_log where transaction_id = ${tx} and type = ${type}`),
    ).toBe(1);
    expect(await trailEntries(`cut-${action}`)).toBe(1);
  });

  it.each([
    ['/v1/transaction/{tx}/refund', (_tx: string) => ({ amount: 300 })],
    ['/v1/refund', (tx: string) => ({ transaction: tx, amount: 300 })],
  ])('POST %s: the retry replays the refund', async (route, bodyOf) => {
    const tx = await insertTestTransaction(db, world.shopA, world.profileA, { amount: 1000 });
    const key = `cut-refund-${route.length}`;
    const retry = await crashThenRetry(route.replace('{tx}', tx), key, bodyOf(tx));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count(sql`select count(*)::int as n from refund where transaction_id = ${tx}`)).toBe(1);
    expect(await trailEntries(key)).toBe(1);
  });

  it.each([
    ['/v1/payment-link', 'payment_link', { amount: 1500 }],
    ['/v1/card-add-link', 'card_add_link', { customer: '' }],
  ])('POST %s: the retry replays the link', async (route, table, extra) => {
    const key = `cut-${table}`;
    const retry = await crashThenRetry(route, key, {
      payment_profile: world.profileA,
      merchant_reference: key,
      ...extra,
      ...('customer' in extra ? { customer } : {}),
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count(sql`select count(*)::int as n from ${sql.raw(table)} where merchant_reference = ${key}`)).toBe(
      1,
    );
    expect(await trailEntries(key)).toBe(1);
  });
});

describe('a request whose claim was taken over after its lease (it ran longer than 60 s)', () => {
  it('writes no payment and answers 409: the request that took the key over decides', async () => {
    beforeStatement = async (name) => {
      if (!name.startsWith('kassa_payment_write')) return;
      beforeStatement = undefined;
      // Another request with the same key and body, after the lease: a new claim of its own.
      await db.query(
        sql`update idempotency_key set locked_until = now() + interval '60 seconds' where key = 'taken-over'`,
      );
    };
    const body = {
      payment_profile: world.profileA,
      amount: 2500,
      payment_product_type: 'card',
      merchant_reference: 'TAKEN-OVER',
    };
    const late = await send('/v1/transaction', 'taken-over', body);
    expect(beforeStatement).toBeUndefined();
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('idempotency_in_flight');
    expect(await count(sql`select count(*)::int as n from transaction where merchant_reference = 'TAKEN-OVER'`)).toBe(
      0,
    );
  });
});
