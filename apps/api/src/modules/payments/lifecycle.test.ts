import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { handlerFor, silentJobLog, type JobRow } from '../../jobs/handlers.ts';
import { periodicSchedules } from '../../jobs/schedules.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import {
  advanceSettlementLifecycle,
  registerSettlementLifecycleJob,
  SETTLEMENT_LIFECYCLE_QUEUE,
} from './settlement-lifecycle.job.ts';
import { caller } from './payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
const HOOK = 'https://shop-a.kassa.dev/hooks/transactions';

type WebhookRow = {
  id: string;
  url: string;
  type: string;
  event: string;
  status: string;
  payload: { type: string; data: { id: string; status: string } };
};
const webhooksOf = (id: string) =>
  t.db.query<WebhookRow>(
    sql`select id, url, type, event, status, payload from webhook where item_id = ${id} order by created_at, id`,
  );
const deliveryJobsOf = async (webhookIds: string[]) =>
  Number(
    (
      await t.db.query<{ n: string }>(
        sql`select count(*) as n from job where queue = 'webhook.deliver' and payload->>'webhook_id' = any(${webhookIds})`,
      )
    )[0].n,
  );
const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>(sql`select status from transaction where id = ${id}`))[0].status;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  await t.db.query(sql`update payment_profile set webhook_transaction_update = ${HOOK} where id = ${world.profileA}`);
});
afterAll(() => t.close());

describe('webhooks on status transitions (outbox)', () => {
  it('queues the merchant’s webhook with the new status for each transition, with its delivery job', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED', amount: 4200 });
    expect((await call(a, 'POST', `/v1/transaction/${id}/capture`)).status).toBe(200);
    expect((await call(a, 'POST', `/v1/transaction/${id}/cancel`)).body.status).toBe('VOIDED');
    const hooks = await webhooksOf(id);
    expect(hooks.map((h) => [h.url, h.type, h.event, h.status, h.payload.type, h.payload.data.status])).toEqual([
      [
        HOOK,
        'transaction',
        'transaction.updated',
        'SETTLEMENT_REQUESTED',
        'transaction.updated',
        'SETTLEMENT_REQUESTED',
      ],
      [HOOK, 'transaction', 'transaction.updated', 'VOIDED', 'transaction.updated', 'VOIDED'],
    ]);
    expect(await deliveryJobsOf(hooks.map((h) => h.id))).toBe(2);
  });

  it('queues nothing when the lifecycle refuses the transition', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'DECLINED' });
    expect((await call(a, 'POST', `/v1/transaction/${id}/capture`)).status).toBe(409);
    expect(await webhooksOf(id)).toEqual([]);
    expect(await statusOf(id)).toBe('DECLINED');
  });

  it('keeps neither the transition nor its webhook when the database transaction rolls back', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED' });
    await expect(
      t.db.transaction(async (tx) => {
        await transitionTransaction(tx, { id, status: 'AUTHORIZED' }, 'SETTLEMENT_REQUESTED', 'Captured');
        expect((await tx.query(sql`select id from webhook where item_id = ${id}`)).length).toBe(1);
        throw new Error('the audit write failed');
      }),
    ).rejects.toThrow('the audit write failed');
    expect(await statusOf(id)).toBe('AUTHORIZED');
    expect(await webhooksOf(id)).toEqual([]);
  });

  it('makes one transition and one webhook of two captures at the same moment', async () => {
    const id = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED' });
    const answers = await Promise.all([1, 2, 3].map(() => call(a, 'POST', `/v1/transaction/${id}/capture`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await webhooksOf(id)).map((h) => h.status)).toEqual(['SETTLEMENT_REQUESTED']);
    const [row] = await t.db.query<{ history: { status: string }[] }>(
      sql`select status_history as history from transaction where id = ${id}`,
    );
    expect(row.history.filter((s) => s.status === 'SETTLEMENT_REQUESTED')).toHaveLength(1);
  });

  it('moves a transaction of a profile without a webhook URL without queueing anything', async () => {
    const id = await insertTestTransaction(t.db, world.shopB, world.profileB, { status: 'AUTHORIZED' });
    const b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    expect((await call(b, 'POST', `/v1/transaction/${id}/capture`)).body.status).toBe('SETTLEMENT_REQUESTED');
    expect(await webhooksOf(id)).toEqual([]);
  });
});

const HOUR = 3_600_000;
/** A transaction of shop A in `status` since `hoursAgo`. */
const waiting = async (status: string, hoursAgo: number, amount = 1000) => {
  const id = await insertTestTransaction(t.db, world.shopA, world.profileA, {
    status,
    amount,
    createdAt: new Date(Date.now() - hoursAgo * HOUR - 60_000),
  });
  await t.db.query(sql`update transaction set updated_at = ${new Date(Date.now() - hoursAgo * HOUR)} where id = ${id}`);
  return id;
};

describe('the settlement lifecycle job', () => {
  it('settles captures after a day, declines settlement of amounts ending in 54, expires week-old authorisations, once', async () => {
    await t.db.query(
      sql`update transaction set status = 'CANCELLED' where status in ('AUTHORIZED', 'REAUTHORIZED', 'SETTLEMENT_REQUESTED')`,
    );
    const settles = await waiting('SETTLEMENT_REQUESTED', 25, 2500);
    const refused = await waiting('SETTLEMENT_REQUESTED', 30, 1054);
    const fresh = await waiting('SETTLEMENT_REQUESTED', 2);
    const expires = await waiting('AUTHORIZED', 8 * 24);
    const recent = await waiting('AUTHORIZED', 24);

    expect(await advanceSettlementLifecycle(t.db)).toBe(3);
    expect(await statusOf(settles)).toBe('SETTLEMENT_COMPLETED');
    expect(await statusOf(refused)).toBe('SETTLEMENT_DECLINED');
    expect(await statusOf(expires)).toBe('AUTHORIZATION_EXPIRED');
    expect(await statusOf(fresh)).toBe('SETTLEMENT_REQUESTED');
    expect(await statusOf(recent)).toBe('AUTHORIZED');
    const detail = (await call(a, 'GET', `/v1/transaction/${refused}`)).body;
    expect(detail).toMatchObject({
      status: 'SETTLEMENT_DECLINED',
      status_reason: 'settlement declined by the acquirer (54)',
    });
    expect(detail.status_history.at(-1)).toMatchObject({ status: 'SETTLEMENT_DECLINED' });

    // Again, and two workers at the same moment: nothing is due any more, nothing moves twice.
    expect(await advanceSettlementLifecycle(t.db)).toBe(0);
    expect(
      (await Promise.all([advanceSettlementLifecycle(t.db), advanceSettlementLifecycle(t.db)])).reduce((x, y) => x + y),
    ).toBe(0);
    for (const [id, status] of [
      [settles, 'SETTLEMENT_COMPLETED'],
      [refused, 'SETTLEMENT_DECLINED'],
      [expires, 'AUTHORIZATION_EXPIRED'],
    ]) {
      expect((await webhooksOf(id)).map((h) => h.status)).toEqual([status]);
    }
    expect(await webhooksOf(fresh)).toEqual([]);
  });

  it('moves each due transaction once when several workers run at the same moment, in batches', async () => {
    const ids = await Promise.all(Array.from({ length: 7 }, () => waiting('SETTLEMENT_REQUESTED', 48)));
    const moved = await Promise.all([
      advanceSettlementLifecycle(t.db, new Date(), 3),
      advanceSettlementLifecycle(t.db, new Date(), 3),
    ]);
    expect(moved[0] + moved[1]).toBe(7);
    for (const id of ids) expect((await webhooksOf(id)).map((h) => h.status)).toEqual(['SETTLEMENT_COMPLETED']);
  });

  it('runs as a periodic job of the worker', async () => {
    registerSettlementLifecycleJob();
    expect(periodicSchedules().find((s) => s.queue === SETTLEMENT_LIFECYCLE_QUEUE)?.everySeconds).toBe(60);
    const id = await waiting('SETTLEMENT_REQUESTED', 26);
    await handlerFor(SETTLEMENT_LIFECYCLE_QUEUE)!(
      {},
      { db: t.db, config: t.config, job: {} as JobRow, log: silentJobLog },
    );
    expect(await statusOf(id)).toBe('SETTLEMENT_COMPLETED');
  });
});
