import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from '../payments/payments-test-helpers.ts';
import { resolveSandboxChargebacks } from '../payments/sandbox-chargebacks.ts';
import { advanceSettlementLifecycle, openSandboxChargebacks } from '../payments/settlement-lifecycle.job.ts';
import { startReceiver } from './webhook-test-receiver.ts';

/**
 * The webhooks of chargebacks, validation rulesets and card-add links (issue 13): queued in the
 * database transaction of the change (the outbox), delivered by the job queue to a real local
 * receiver, signed so that the standardwebhooks library verifies the body.
 */
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let provider: { cookie: string };
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** The signing secret of each receiver path, asked once: asking again rotates it. */
const secrets: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ allowPrivateWebhooks: true, publicUrl: 'https://pay.kassa.test' });
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  receiver = await startReceiver();
  call = caller(t.app);
  [a, provider] = await Promise.all(
    ['a@test.kassa', 'admin@test.kassa'].map((email) => signIn(t.app, email, TEST_PASSWORD)),
  );
  await t.db
    .query(sql`update payment_profile set webhook_transaction_update = ${receiver.url('/tx')}, webhook_chargeback_update = ${receiver.url('/cb')}
    where id = ${world.profileA}`);
  for (const path of ['/tx', '/cb', '/rules']) {
    secrets[path] = (
      await call(a, 'POST', '/v1/webhook/secret', { organisation: world.shopA.id, url: receiver.url(path) })
    ).body.secret;
  }
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** Every body the receiver got on `path` with this event type, each verified with the endpoint's secret. */
const delivered = (path: string, type: string) =>
  receiver.received
    .filter((r) => r.path === path)
    .map(
      (r) =>
        new Webhook(secrets[path]).verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    )
    .filter((body) => body.type === type);
const drain = () => createRunner(t.db, t.config).drain();
const webhooksOf = (itemId: string) =>
  t.db.query<{ type: string; event: string; status: string | null; state: string }>(
    sql`select type, event, status, state from webhook where item_id = ${itemId} order by created_at, id`,
  );
const age = (id: string, ms: number) =>
  t.db.query(sql`update transaction set updated_at = ${new Date(Date.now() - ms)} where id = ${id}`);

describe('chargeback webhooks (the sandbox acquirer charges back amounts ending in 55)', () => {
  it('opens one chargeback for what was not refunded, moves the transaction to CHARGEBACK and delivers chargeback.created once, audited as the system', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 12_355,
    });
    await t.db.query(sql`update transaction set refunded_amount = 2000 where id = ${id}`);
    const untouched = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 12_300,
    });
    const recent = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 555,
    });
    // History from before the engine decided payments (demo world, imports) has its own chargebacks.
    const history = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 7_755,
    });
    await t.db.query(sql`update transaction set decision = '{}'::jsonb where id = any(${[id, untouched, recent]})`);
    await age(id, 2 * DAY);
    await age(untouched, 2 * DAY);
    await age(recent, DAY / 2);
    await age(history, 2 * DAY);

    // Two runs (as two workers or a repeated job would): the second finds nothing due.
    expect(await openSandboxChargebacks(t.db)).toBe(1);
    expect(await openSandboxChargebacks(t.db)).toBe(0);
    await drain();

    const chargebacks = await t.db.query<{ id: string; amount: number; status: string; reason_code: string }>(
      sql`select id, amount, status, reason_code from chargeback where transaction_id = ${id}`,
    );
    expect(chargebacks).toEqual([expect.objectContaining({ amount: 10_355, status: 'OPEN', reason_code: '4853' })]);
    const statuses = await t.db.query<{ id: string; status: string }>(
      sql`select id, status from transaction where id = any(${[id, untouched, recent, history]}) order by id`,
    );
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [id]: 'CHARGEBACK',
      [untouched]: 'SETTLEMENT_COMPLETED',
      [recent]: 'SETTLEMENT_COMPLETED',
      [history]: 'SETTLEMENT_COMPLETED',
    });

    const bodies = delivered('/cb', 'chargeback.created');
    expect(bodies).toHaveLength(1);
    expect(bodies[0].data).toMatchObject({
      id: chargebacks[0].id,
      transaction: id,
      status: 'OPEN',
      amount: 10_355,
      reason_code: '4853',
      organisation: world.shopA.id,
    });
    expect(await webhooksOf(chargebacks[0].id)).toEqual([
      { type: 'chargeback', event: 'chargeback.created', status: 'OPEN', state: 'delivered' },
    ]);
    const transactionHooks = delivered('/tx', 'transaction.updated').filter((b) => b.data.id === id);
    expect(transactionHooks.map((b) => b.data.status)).toEqual(['CHARGEBACK']);

    const audit = await call(provider, 'GET', `/v1/psp/audittrail?authentication=system&transaction=${id}`);
    expect(audit.status).toBe(200);
    expect(audit.body.map((row: { type: string; user_name: string }) => [row.type, row.user_name])).toEqual([
      ['chargeback_opened', 'Kassa (system)'],
    ]);
  });

  it('writes each settlement step of the lifecycle job to the audit trail with the system actor', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_REQUESTED',
      amount: 4_200,
    });
    await age(id, 2 * DAY);
    await advanceSettlementLifecycle(t.db);
    const [entry] = await t.db.query<{
      type: string;
      user_name: string;
      authentication: string;
      detail: Record<string, unknown>;
    }>(sql`select type, user_name, authentication, detail from audit_log where transaction_id = ${id}`);
    expect(entry).toEqual({
      type: 'transaction_status_changed',
      user_name: 'Kassa (system)',
      authentication: 'system',
      detail: { from: 'SETTLEMENT_REQUESTED', to: 'SETTLEMENT_COMPLETED', status_reason: 'Settled by the acquirer' },
    });
    const counted = await call(provider, 'GET', `/v1/psp/audittrail/count?authentication=system&transaction=${id}`);
    expect(counted.body.count).toBe(1);
  });
});

describe('chargeback.updated (the sandbox issuer decides: even whole units won, odd lost)', () => {
  it('moves each chargeback OPEN → IN_DISPUTE → WON or LOST by the state machine, delivers chargeback.updated for each step, audits it, and the transaction and rollups follow', async () => {
    const won = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 24_655,
    });
    const lost = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 24_755,
    });
    await t.db.query(sql`update transaction set decision = '{}'::jsonb where id = any(${[won, lost]})`);
    await age(won, 2 * DAY);
    await age(lost, 2 * DAY);
    expect(await openSandboxChargebacks(t.db)).toBe(2);
    const chargebackOf = async (tx: string) =>
      (await t.db.query<{ id: string }>(sql`select id from chargeback where transaction_id = ${tx}`))[0].id;
    const [wonCb, lostCb] = [await chargebackOf(won), await chargebackOf(lost)];
    // Chargebacks from before the dispute workflow (no due date) still move by the sandbox's timer
    // (issue 36; the merchant's answer and its deadline are dispute.test.ts): these two are such.
    await t.db.query(sql`update chargeback set due_at = null where id = any(${[wonCb, lostCb]})`);

    // Too early for the merchant's defence to have gone to the issuer: nothing moves.
    expect(await resolveSandboxChargebacks(t.db)).toBe(0);
    const disputed = new Date(Date.now() + 2 * DAY + 3_600_000);
    // (The chargeback of the test above moves along with these two.)
    expect(await resolveSandboxChargebacks(t.db, disputed)).toBeGreaterThanOrEqual(2);
    const decided = new Date(disputed.getTime() + 5 * DAY + 3_600_000);
    // Two workers at once (or a repeated job) decide each chargeback once (one audit entry and one webhook per step, below).
    await Promise.all([resolveSandboxChargebacks(t.db, decided), resolveSandboxChargebacks(t.db, decided)]);
    expect(await resolveSandboxChargebacks(t.db, new Date(decided.getTime() + 30 * DAY))).toBe(0);
    await drain();

    const rows = await t.db.query<{ id: string; status: string; resolved_at: Date | null }>(
      sql`select id, status, resolved_at from chargeback where id = any(${[wonCb, lostCb]}) order by id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.resolved_at?.toISOString()]]))).toEqual({
      [wonCb]: ['WON', decided.toISOString()],
      [lostCb]: ['LOST', decided.toISOString()],
    });
    const updates = delivered('/cb', 'chargeback.updated');
    const stepsOf = (id: string) =>
      updates
        .filter((b) => b.data.id === id)
        .map((b) => b.data.status)
        .sort();
    expect(stepsOf(wonCb)).toEqual(['IN_DISPUTE', 'WON']);
    expect(stepsOf(lostCb)).toEqual(['IN_DISPUTE', 'LOST']);
    expect(updates.find((b) => b.data.id === lostCb && b.data.status === 'LOST')?.data).toMatchObject({
      transaction: lost,
      amount: 24_755,
      reason_code: '4853',
      organisation: world.shopA.id,
    });
    expect((await webhooksOf(wonCb)).map((w) => [w.event, w.state])).toEqual([
      ['chargeback.created', 'delivered'],
      ['chargeback.updated', 'delivered'],
      ['chargeback.updated', 'delivered'],
    ]);

    // A won chargeback returns the money: the transaction is settled again (and sends its webhook); a lost one stays charged back.
    const statuses = await t.db.query<{ id: string; status: string }>(
      sql`select id, status from transaction where id = any(${[won, lost]})`,
    );
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [won]: 'SETTLEMENT_COMPLETED',
      [lost]: 'CHARGEBACK',
    });
    expect(
      delivered('/tx', 'transaction.updated')
        .filter((b) => b.data.id === won)
        .map((b) => b.data.status)
        .sort(),
    ).toEqual(['CHARGEBACK', 'SETTLEMENT_COMPLETED']);
    // The status rollup follows the rows.
    const [rollup] = await t.db.query<{ rolled: number; rows: number }>(sql`select
      (select coalesce(sum(count), 0)::int from transaction_daily where merchant_id = ${world.shopA.id} and status = 'CHARGEBACK') as rolled,
      (select count(*)::int from transaction where merchant_id = ${world.shopA.id} and status = 'CHARGEBACK') as rows`);
    expect(rollup.rolled).toBe(rollup.rows);
    // A payment is charged back once: the won one is not charged back again.
    await openSandboxChargebacks(t.db, new Date(decided.getTime() + 30 * DAY));
    expect(await t.db.query(sql`select id from chargeback where transaction_id = ${won}`)).toEqual([{ id: wonCb }]);

    const audit = await call(
      provider,
      'GET',
      `/v1/psp/audittrail?authentication=system&transaction=${lost}&_sort=created_at`,
    );
    expect(audit.body.map((row: { type: string; user_name: string }) => [row.type, row.user_name])).toEqual([
      ['chargeback_opened', 'Kassa (system)'],
      ['chargeback_status_changed', 'Kassa (system)'],
      ['chargeback_status_changed', 'Kassa (system)'],
    ]);
  });
});

describe('validation ruleset webhooks', () => {
  it('delivers validationruleset.matched for the payment a ruleset with a webhook URL fired on, with the ruleset as item and no status', async () => {
    const url = receiver.url('/rules');
    const ruleset = await call(a, 'POST', '/v1/validationruleset', {
      name: 'No test BIN 400000',
      action: 'block',
      webhook_url: url,
      rules: [{ name: 'card_bin', operator: '==', value: '400000' }],
    });
    expect(ruleset.status).toBe(201);
    const blocked = await call(a, 'POST', '/v1/transaction', {
      payment_profile: world.profileA,
      amount: 2_500,
      payment_product_type: 'card',
      merchant_reference: 'RULES-1',
      card_number: '4000000000000002',
    });
    const passed = await call(a, 'POST', '/v1/transaction', {
      payment_profile: world.profileA,
      amount: 2_500,
      payment_product_type: 'card',
      merchant_reference: 'RULES-2',
      card_number: '4111111111111111',
    });
    expect(blocked.body).toMatchObject({ status: 'FAILED', blocked: true });
    expect(passed.body.blocked).toBe(false);
    await drain();

    const bodies = delivered('/rules', 'validationruleset.matched');
    expect(bodies.map((b) => b.data)).toEqual([
      expect.objectContaining({
        id: ruleset.body.id,
        name: 'No test BIN 400000',
        action: 'block',
        transaction: blocked.body.id,
        transaction_status: 'FAILED',
        amount: 2_500,
        currency_code: 'EUR',
      }),
    ]);
    expect(await webhooksOf(ruleset.body.id)).toEqual([
      { type: 'validationruleset', event: 'validationruleset.matched', status: null, state: 'delivered' },
    ]);
    // The webhook list shows it to the merchant, filtered by its type.
    const listed = await call(a, 'GET', '/v1/webhook?type[]=validationruleset');
    expect(listed.body.map((w: { item_id: string }) => w.item_id)).toEqual([ruleset.body.id]);
    // Later payments in this file are not judged by it.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/validationruleset/${ruleset.body.id}`, headers: a }))
        .statusCode,
    ).toBeLessThan(300);
  });
});

describe('the card-add link page', () => {
  const newLink = async (reference: string) => {
    const customer = await insertTestCustomer(t.db, world.shopA);
    const created = await call(a, 'POST', '/v1/card-add-link', {
      payment_profile: world.profileA,
      customer,
      merchant_reference: reference,
      description: 'Store your card',
    });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, token: String(created.body.url).split('/add-card/')[1] };
  };
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/v1/add-card/${token}` });
  const add = (token: string, card_number: string) =>
    t.app.inject({ method: 'POST', url: `/v1/add-card/${token}`, payload: { card_number } });

  it('shows the page without sign-in, refuses a declined card, adds an approved one once, and sends cardlink.updated for each status', async () => {
    const link = await newLink('CARD-1');
    const page = await open(link.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      state: 'open',
      merchant_name: 'Shop A web',
      merchant_reference: 'CARD-1',
      description: 'Store your card',
      card_last4: null,
      refused: false,
    });

    const declined = await add(link.token, '4000 0000 0000 0002');
    expect(declined.json()).toMatchObject({ state: 'open', refused: true, card_last4: null });
    const approved = await add(link.token, '5555-5555-5555-4444');
    expect(approved.json()).toMatchObject({
      state: 'added',
      refused: false,
      card_brand: 'mastercard',
      card_last4: '4444',
    });
    // A second click on a done link adds nothing and sends nothing.
    expect((await add(link.token, '4111111111111111')).json()).toMatchObject({ state: 'added', card_last4: '4444' });

    const [row] = await t.db.query<Record<string, unknown>>(
      sql`select status, card_brand, card_bin, card_last4 from card_add_link where id = ${link.id}`,
    );
    expect(row).toEqual({ status: 'DONE', card_brand: 'mastercard', card_bin: '555555', card_last4: '4444' });
    const listed = await call(a, 'GET', `/v1/card-add-link/${link.id}`);
    expect(listed.body).toMatchObject({ status: 'DONE', active: false });

    await drain();
    const bodies = delivered('/tx', 'cardlink.updated').filter((b) => b.data.id === link.id);
    expect(bodies.map((b) => [b.data.status, b.data.card_last4])).toEqual([
      ['INITIATED', null],
      ['DONE', '4444'],
    ]);
    expect((await webhooksOf(link.id)).map((w) => [w.type, w.status, w.state])).toEqual([
      ['cardlink', 'INITIATED', 'delivered'],
      ['cardlink', 'DONE', 'delivered'],
    ]);
    const audit = await t.db.query<{ type: string; user_name: string }>(
      sql`select type, user_name from audit_log where entity_id = ${link.id} and authentication = 'none' order by created_at`,
    );
    expect(audit.map((e) => e.type)).toEqual(['card_add_refused', 'card_added']);
  });

  it('answers 400 naming the card number for a bad one and 404 for an unknown token, changing nothing', async () => {
    const link = await newLink('CARD-2');
    const bad = await add(link.token, '4111111111111112');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('body.card_number');
    expect((await open('unknown-token-of-twenty')).statusCode).toBe(404);
    expect((await add('unknown-token-of-twenty', '4111111111111111')).statusCode).toBe(404);
    const [row] = await t.db.query<{ status: string }>(sql`select status from card_add_link where id = ${link.id}`);
    expect(row.status).toBe('CREATED');
    expect(await webhooksOf(link.id)).toEqual([]);
  });

  it('marks an expired link EXPIRED once, with its webhook, and a cancelled one adds no card', async () => {
    const expired = await newLink('CARD-3');
    await t.db.query(sql`update card_add_link set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    expect((await add(expired.token, '4111111111111111')).json()).toMatchObject({ state: 'expired', card_last4: null });
    expect((await add(expired.token, '4111111111111111')).json()).toMatchObject({ state: 'expired' });
    expect((await webhooksOf(expired.id)).map((w) => w.status)).toEqual(['EXPIRED']);

    const cancelled = await newLink('CARD-4');
    expect((await call(a, 'POST', `/v1/card-add-link/${cancelled.id}/deactivate`)).status).toBe(200);
    expect((await add(cancelled.token, '4111111111111111')).json()).toMatchObject({
      state: 'inactive',
      card_last4: null,
    });
    const [row] = await t.db.query<{ status: string; card_last4: string | null }>(
      sql`select status, card_last4 from card_add_link where id = ${cancelled.id}`,
    );
    expect(row).toEqual({ status: 'CANCELLED', card_last4: null });
  });
});
