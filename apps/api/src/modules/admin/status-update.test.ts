import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  await t.db.query(
    sql`update payment_profile set webhook_transaction_update = 'https://shop-a.kassa.dev/tx', webhook_refund_update = 'https://shop-a.kassa.dev/rf' where id = ${world.profileA}`,
  );
});
afterAll(() => t.close());

const txState = async (id: string) =>
  (
    await t.db.query<{
      status: string;
      status_reason: string | null;
      status_history: unknown;
      updated_at: Date;
      refunded_amount: number;
    }>(
      sql`select status, status_reason, status_history, updated_at, refunded_amount::int as refunded_amount from transaction where id = ${id}`,
    )
  )[0];
const rollup = async (status: string) =>
  Number(
    (
      await t.db.query<{ n: string }>(
        sql`select coalesce(sum(count), 0) as n from transaction_daily where merchant_id = ${world.shopA.id} and status = ${status}`,
      )
    )[0].n,
  );

describe('status updates', () => {
  it('changes a transaction (status history, rollups, webhook, audit) and a reversal restores exactly the previous state', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED' });
    await t.db.query(
      sql`update transaction set status_history = ${JSON.stringify([{ status: 'AUTHORIZED', at: '2026-01-01T00:00:00.000Z', reason: null }])}::jsonb where id = ${id}`,
    );
    const before = await txState(id);
    const [authorised, expired] = [await rollup('AUTHORIZED'), await rollup('AUTHORIZATION_EXPIRED')];

    const created = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'transaction',
      transaction: id,
      status: 'AUTHORIZATION_EXPIRED',
      status_reason: 'acquirer reported expiry',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'transaction',
      status: 'AUTHORIZATION_EXPIRED',
      previous_status: 'AUTHORIZED',
      transaction: { id, status: 'AUTHORIZATION_EXPIRED' },
    });
    const after = await txState(id);
    expect(after.status).toBe('AUTHORIZATION_EXPIRED');
    expect((after.status_history as Array<{ status: string; reason: string }>).map((h) => h.status)).toEqual([
      'AUTHORIZED',
      'AUTHORIZATION_EXPIRED',
    ]);
    expect([await rollup('AUTHORIZED'), await rollup('AUTHORIZATION_EXPIRED')]).toEqual([authorised - 1, expired + 1]);
    const [hook] = await t.db.query<{ status: string; url: string }>(
      sql`select status, url from webhook where item_id = ${id}`,
    );
    expect(hook).toEqual({ status: 'AUTHORIZATION_EXPIRED', url: 'https://shop-a.kassa.dev/tx' });
    const [audit] = await t.db.query<{ type: string }>(
      sql`select type from audit_log where entity = 'statusupdate' and entity_id = ${created.body.id}`,
    );
    expect(audit.type).toBe('status_update_created');
    expect((await callAs(t.app, provider, 'GET', `/v1/statusupdate?transaction=${id}`)).body).toHaveLength(1);

    const reversed = await callAs(t.app, provider, 'POST', `/v1/statusupdate/${created.body.id}/reverse`);
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({ status: 'AUTHORIZED', reverses: created.body.id });
    expect(await txState(id)).toEqual(before);
    expect([await rollup('AUTHORIZED'), await rollup('AUTHORIZATION_EXPIRED')]).toEqual([authorised, expired]);
    expect((await callAs(t.app, provider, 'POST', `/v1/statusupdate/${created.body.id}/reverse`)).status).toBe(409);
  });

  it('refuses a transaction status the lifecycle does not allow from the current one, changing nothing', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'SETTLEMENT_COMPLETED' });
    const before = await txState(id);
    const refused = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'transaction',
      transaction: id,
      status: 'DECLINED',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'invalid_transition',
      message: 'A transaction cannot go from SETTLEMENT_COMPLETED to DECLINED',
    });
    expect(await txState(id)).toEqual(before);
    expect(await t.db.query(sql`select id from webhook where item_id = ${id}`)).toEqual([]);
    expect((await callAs(t.app, provider, 'GET', `/v1/statusupdate?transaction=${id}`)).body).toEqual([]);
  });

  it("a refund's new status moves the refundable remainder, and back on reversal", async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      status: 'SETTLEMENT_COMPLETED',
      amount: 1000,
    });
    const refund = await callAs(
      t.app,
      a,
      'POST',
      `/v1/transaction/${id}/refund`,
      { amount: 400 },
      { 'idempotency-key': `k-${id}` },
    );
    expect(refund.status).toBe(201);
    expect((await txState(id)).refunded_amount).toBe(400);
    const failed = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'refund',
      refund: refund.body.id,
      status: 'FAILED',
    });
    expect(failed.status).toBe(201);
    expect((await txState(id)).refunded_amount).toBe(0);
    const back = await callAs(t.app, provider, 'POST', `/v1/statusupdate/${failed.body.id}/reverse`);
    expect(back.body.status).toBe(refund.body.status);
    expect((await txState(id)).refunded_amount).toBe(400);
    const failedAgain = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'refund',
      refund: refund.body.id,
      status: 'FAILED',
    });
    expect((await txState(id)).refunded_amount).toBe(0);
    expect(
      (
        await callAs(
          t.app,
          a,
          'POST',
          `/v1/transaction/${id}/refund`,
          { amount: 1000 },
          { 'idempotency-key': `k2-${id}` },
        )
      ).status,
    ).toBe(201);
    expect((await txState(id)).refunded_amount).toBe(1000);
    // Counting the failed refund again would refund more than the amount: the reversal is refused and changes nothing.
    const refused = await callAs(t.app, provider, 'POST', `/v1/statusupdate/${failedAgain.body.id}/reverse`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('refund_exceeds_amount');
    expect(
      (await t.db.query<{ status: string }>(sql`select status from refund where id = ${refund.body.id}`))[0].status,
    ).toBe('FAILED');
    expect((await txState(id)).refunded_amount).toBe(1000);
  });

  it('refuses other roles and names bad fields', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA);
    expect(
      (await callAs(t.app, a, 'POST', '/v1/statusupdate', { type: 'transaction', transaction: id, status: 'DECLINED' }))
        .status,
    ).toBe(403);
    expect((await callAs(t.app, a, 'GET', '/v1/statusupdate')).status).toBe(403);
    const missing = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'transaction',
      status: 'DECLINED',
    });
    expect(missing.status).toBe(400);
    expect(errorPaths(missing.body)).toEqual(['body.transaction']);
    const wrong = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'refund',
      refund: 'rf_x',
      status: 'DECLINED',
    });
    expect(errorPaths(wrong.body)).toEqual(['body.status']);
    const unknown = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'transaction',
      transaction: 'tx_nope',
      status: 'DECLINED',
    });
    expect(unknown.status).toBe(404);
    expect(errorPaths(unknown.body)).toEqual(['body.transaction']);
    expect((await txState(id)).status).toBe('SETTLEMENT_COMPLETED');
  });

  it("names a sub-organisation's item's top merchant as its merchant, in the list and the answer (issue 32)", async () => {
    const id = await insertTestTransaction(t.db, world.shopASub, world.profileASub, { status: 'AUTHORIZED' });
    const created = await callAs(t.app, provider, 'POST', '/v1/statusupdate', {
      type: 'transaction',
      transaction: id,
      status: 'AUTHORIZATION_EXPIRED',
    });
    expect(created.status).toBe(201);
    expect(created.body.organisation).toMatchObject({ id: world.shopASub.id, name: 'Shop A Outlet' });
    expect(created.body.merchant).toMatchObject({ id: world.shopA.id, name: 'Shop A' });
    const listed = await callAs(
      t.app,
      provider,
      'GET',
      `/v1/statusupdate?transaction=${id}&_populate=transaction refund organisation merchant`,
    );
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].merchant).toMatchObject({ id: world.shopA.id, name: 'Shop A' });
    const byMerchant = await callAs(t.app, provider, 'GET', `/v1/statusupdate/count?merchant=${world.shopA.id}`);
    expect(byMerchant.body.count).toBeGreaterThanOrEqual(1);
  });
});
