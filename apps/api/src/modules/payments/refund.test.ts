import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, parseSimpleCsv, type Call } from './payments-test-helpers.ts';
import { REFUND_EXPORT_FIELDS } from './payments.routes.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let aSub: { cookie: string };
let analyst: { cookie: string };
let noRole: { cookie: string };
let b: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, aSub, analyst, noRole, b] = await Promise.all(
    ['a', 'a-sub', 'a-analyst', 'a-norole', 'b'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
});
afterAll(() => t.close());

const refundsOf = async (transactionId: string) =>
  t.db.query<{ amount: number; status: string }>(
    sql`select amount, status from refund where transaction_id = ${transactionId}`,
  );
const refundedAmountOf = async (transactionId: string) =>
  (
    await t.db.query<{ refunded_amount: number }>(
      sql`select refunded_amount from transaction where id = ${transactionId}`,
    )
  )[0].refunded_amount;

describe('refunding a transaction', () => {
  it('lets exactly one of 20 concurrent refunds of 60.00 on a 100.00 transaction through', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 6000, reason: 'race' }),
      ),
    );
    const succeeded = answers.filter((r) => r.status === 201);
    expect(succeeded).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 422 && r.body.code === 'refund_exceeds_amount')).toBe(true);
    expect(refused[0].body.details[0].path).toBe('body.amount');
    expect(refused[0].body.message).toContain('40.00');
    expect(await refundsOf(tx)).toEqual([{ amount: 6000, status: 'PROCESSED' }]);
    expect(await refundedAmountOf(tx)).toBe(6000);
  });

  it('refunds in parts up to the amount, then refuses with the remainder in the message', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 2500 });
    const first = await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 1000 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: 1000, status: 'PROCESSED', reason: null, currency_code: 'EUR' });
    expect(first.body.transaction).toMatchObject({ id: tx, refunded_amount: 1000 });
    expect(first.body.processor_id_external).toMatch(/^sbx_rf_/);
    const tooMuch = await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 1501 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toContain('EUR 15.00');
    expect((await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 1500, reason: 'rest' })).status).toBe(201);
    const none = await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 1 });
    expect(none.body).toMatchObject({ code: 'refund_exceeds_amount' });
    expect(none.body.message).toContain('remaining refundable amount is 0');
    expect(await refundedAmountOf(tx)).toBe(2500);
  });

  it('shows the refund in the refunds list and the refunded amount on the transaction', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 5000, reference: 'LIST-1' });
    const created = await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 1234, reason: 'damaged' });
    const list = await call(a, 'GET', `/v1/refund?transaction=${tx}&_populate=transaction%20payment_profile`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.body.id, amount: 1234, reason: 'damaged', status: 'PROCESSED' });
    expect(list.body[0].transaction).toMatchObject({ merchant_reference: 'LIST-1', amount: 5000 });
    expect((await call(a, 'GET', `/v1/transaction/${tx}`)).body.refunded_amount).toBe(1234);
    expect((await call(b, 'GET', `/v1/refund/count?transaction=${tx}`)).body.count).toBe(0);
  });

  it('records the refund in the audit trail', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 900 });
    const created = await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 900 });
    const rows = await t.db.query<{ type: string; entity_id: string; detail: { amount: number } }>(
      // The business event; the HTTP request itself is a second row of the trail (entity null).
      sql`select type, entity_id, detail from audit_log where transaction_id = ${tx} and entity is not null`,
    );
    expect(rows).toEqual([
      { type: 'refund_created', entity_id: created.body.id, detail: expect.objectContaining({ amount: 900 }) },
    ]);
  });

  it('creates through POST /v1/refund, the Add refund call, with the same rules', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 3000 });
    const created = await call(a, 'POST', '/v1/refund', { transaction: tx, amount: 3000, reason: 'cancelled order' });
    expect(created.status).toBe(201);
    expect(created.body.transaction.id).toBe(tx);
    expect((await call(a, 'POST', '/v1/refund', { transaction: tx, amount: 1 })).status).toBe(422);
  });

  it('refuses transactions that cannot be refunded', async () => {
    for (const status of ['DECLINED', 'FAILED', 'PENDING', 'INITIATED']) {
      const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { status });
      const answer = await call(a, 'POST', `/v1/transaction/${tx}/refund`, { amount: 100 });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('not_refundable');
      expect(answer.body.message).toContain(status);
      expect(await refundsOf(tx)).toEqual([]);
    }
    const authorised = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED' });
    expect((await call(a, 'POST', `/v1/transaction/${authorised}/refund`, { amount: 100 })).status).toBe(201);
  });
});

describe('refund input, tenancy and roles', () => {
  let tx: string;
  beforeAll(async () => {
    tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 });
  });

  it.each([
    [{ amount: 0 }, 'body.amount'],
    [{ amount: -5 }, 'body.amount'],
    [{ amount: 12.5 }, 'body.amount'],
    [{ amount: '100' }, 'body.amount'],
    [{}, 'body.amount'],
    [{ amount: 100, reason: 'x'.repeat(501) }, 'body.reason'],
  ])('answers 400 naming the field for %j', async (payload, path) => {
    const answer = await call(a, 'POST', `/v1/transaction/${tx}/refund`, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await refundsOf(tx)).toEqual([]);
  });

  it('answers 400 naming body.transaction when the Add refund call has none', async () => {
    const answer = await call(a, 'POST', '/v1/refund', { amount: 100 });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].path).toBe('body.transaction');
  });

  it("answers 404 for another organisation's transaction, by path and by body", async () => {
    const answer = await call(b, 'POST', `/v1/transaction/${tx}/refund`, { amount: 100 });
    expect(answer.status).toBe(404);
    const viaBody = await call(b, 'POST', '/v1/refund', { transaction: tx, amount: 100 });
    expect(viaBody.status).toBe(404);
    expect(viaBody.body.details[0].path).toBe('body.transaction');
    // A sub-organisation user sees only its own subtree, not its parent merchant's transactions.
    expect((await call(aSub, 'POST', `/v1/transaction/${tx}/refund`, { amount: 100 })).status).toBe(404);
    expect((await call(a, 'POST', '/v1/transaction/tx_unknown/refund', { amount: 100 })).status).toBe(404);
    expect(await refundsOf(tx)).toEqual([]);
  });

  it('answers 403 to users without a refund create role', async () => {
    for (const who of [analyst, noRole]) {
      expect((await call(who, 'POST', `/v1/transaction/${tx}/refund`, { amount: 100 })).status).toBe(403);
      expect((await call(who, 'POST', '/v1/refund', { transaction: tx, amount: 100 })).status).toBe(403);
    }
    expect(await refundsOf(tx)).toEqual([]);
  });

  it('lets the provider refund any merchant transaction', async () => {
    const admin = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
    expect((await call(admin, 'POST', `/v1/transaction/${tx}/refund`, { amount: 100 })).status).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  const refund = (who: { cookie: string }, tx: string, key: string, amount = 700): Promise<Call> =>
    call(who, 'POST', `/v1/transaction/${tx}/refund`, { amount, reason: 'dup' }, { 'idempotency-key': key });

  it('replays the first answer for the same key and body: one refund', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 });
    const first = await refund(a, tx, 'key-1');
    const second = await refund(a, tx, 'key-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await refundsOf(tx)).toHaveLength(1);
    expect(await refundedAmountOf(tx)).toBe(700);
  });

  it('answers while the cache generations are due for a re-read (the embedded engine has one connection)', async () => {
    // Every 5 s the server re-reads the cache generations for the answer's header. Read inside the
    // refund's transaction, that re-read waited for the connection the transaction held: the refund
    // never answered, and neither did any request after it (the keyboard browser test's refund dialog).
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 });
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockImplementation(() => now + 60_000);
    try {
      const answer = await Promise.race([
        refund(a, tx, 'key-stale-generations', 300),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000)),
      ]);
      expect(answer === 'hung' ? answer : answer.status).toBe(201);
    } finally {
      later.mockRestore();
    }
    expect(await refundedAmountOf(tx)).toBe(300);
  });

  it('replays refusals too, and a key is the same request whatever the order of the body keys', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 500 });
    const first = await refund(a, tx, 'key-refused', 600);
    expect(first.status).toBe(422);
    const again = await call(
      a,
      'POST',
      `/v1/transaction/${tx}/refund`,
      { reason: 'dup', amount: 600 },
      { 'idempotency-key': 'key-refused' },
    );
    expect(again.status).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 });
    await refund(a, tx, 'key-2', 100);
    const other = await refund(a, tx, 'key-2', 200);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_mismatch');
    expect(other.body.details[0].path).toBe('headers.idempotency-key');
    const otherTransaction = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 });
    expect((await refund(a, otherTransaction, 'key-2', 100)).body.code).toBe('idempotency_mismatch');
    expect(await refundsOf(tx)).toHaveLength(1);
    expect(await refundsOf(otherTransaction)).toHaveLength(0);
  });

  it('answers 409 while the first request with the key is still in flight, and takes over an abandoned one', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 });
    const first = await refund(a, tx, 'key-3');
    // Put the key back in the state it has while the first request runs.
    await t.db.query(
      sql`update idempotency_key set state = 'in_flight', response_status = null, locked_until = now() + interval '1 minute' where key = 'key-3'`,
    );
    const during = await refund(a, tx, 'key-3');
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('idempotency_in_flight');
    // The process that held it died after committing: the retry answers with the refund it made, not a second one.
    await t.db.query(sql`update idempotency_key set locked_until = now() - interval '1 second' where key = 'key-3'`);
    const retry = await refund(a, tx, 'key-3');
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await refundsOf(tx)).toHaveLength(1);
  });

  it('scopes keys per user and forgets them after 24 hours', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 10_000 });
    const admin = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
    expect((await refund(a, tx, 'shared-key')).status).toBe(201);
    const byAdmin = await refund(admin, tx, 'shared-key');
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.headers['idempotent-replayed']).toBeUndefined();
    await t.db.query(sql`update idempotency_key set expires_at = now() - interval '1 second' where key = 'shared-key'`);
    await t.db.query(sql`update refund set created_at = now() - interval '25 hours' where transaction_id = ${tx}`);
    const later = await refund(a, tx, 'shared-key', 100);
    expect(later.status).toBe(201);
    expect(await refundsOf(tx)).toHaveLength(3);
  });

  it('rejects a malformed key with 400 naming the header', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA);
    const answer = await refund(a, tx, 'k'.repeat(256));
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].path).toBe('headers.idempotency-key');
  });
});

describe('refunds export', () => {
  it("has the spec's columns and as many rows as the count call for the same filter", async () => {
    const since = new Date(Date.now() - 3600_000).toISOString();
    const filter = `created_at>=${encodeURIComponent(since)}&status=PROCESSED`;
    const response = await t.app.inject({ method: 'GET', url: `/v1/refund/export?${filter}`, headers: a });
    expect(response.statusCode).toBe(200);
    const rows = parseSimpleCsv(response.body);
    expect(rows[0]).toEqual([...REFUND_EXPORT_FIELDS]);
    expect(REFUND_EXPORT_FIELDS).toEqual([
      'created_at',
      'last_status_update',
      'transaction.merchant_reference',
      'transaction.id',
      'transaction.created_at',
      'processor_id_external',
      'transaction.payment_product_type',
      'transaction.recurring_type',
      'transaction.amount',
      'amount',
      'reason',
      'status',
    ]);
    const count = (await call(a, 'GET', `/v1/refund/count?${filter}`)).body.count;
    expect(count).toBeGreaterThan(5);
    expect(rows.length - 1).toBe(count);
    expect(rows.slice(1).every((row) => row[3].startsWith('tx_') && row[11] === 'PROCESSED')).toBe(true);
  });

  it('answers 403 to a user without refund list roles', async () => {
    expect((await call(analyst, 'GET', '/v1/refund/export')).status).toBe(403);
  });
});
