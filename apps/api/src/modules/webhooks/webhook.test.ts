import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { registry } from '../../lib/metrics.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { insertOrganisation } from '../settings/organisation.repository.ts';
import { resolveTarget } from './address-guard.ts';
import { deliverWebhook, notifyItem, queueWebhook } from './delivery.service.ts';
import { MAX_WEBHOOK_ATTEMPTS, retryDelaySeconds } from './retry-schedule.ts';
import { startReceiver } from './webhook-test-receiver.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let noRole: Caller;
let provider: Caller;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await createTestApp({ allowPrivateWebhooks: true });
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  receiver = await startReceiver();
  [a, b, noRole, provider] = await Promise.all(
    ['a@test.kassa', 'b@test.kassa', 'a-norole@test.kassa', 'admin@test.kassa'].map((email) =>
      signIn(t.app, email, TEST_PASSWORD),
    ),
  );
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const secretFor = async (who: Caller, organisation: string, url: string): Promise<string> => {
  const answer = await callAs(t.app, who, 'POST', '/v1/webhook/secret', { organisation, url });
  expect(answer.status).toBe(200);
  return answer.body.secret;
};
const lastReceived = (path: string) => receiver.received.filter((r) => r.path === path).at(-1)!;
const verify = (secret: string, path: string) => {
  const { headers, body } = lastReceived(path);
  return new Webhook(secret).verify(body, headers as Record<string, string>);
};

describe('webhook delivery', () => {
  it('delivers a transaction event from the job queue, signed so that the standardwebhooks library verifies it', async () => {
    const url = receiver.url('/tx');
    await t.db.query(sql`update payment_profile set webhook_transaction_update = ${url} where id = ${world.profileA}`);
    const secret = await secretFor(a, world.shopA.id, url);
    expect(secret).toMatch(/^whsec_/);
    const txId = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED', amount: 1234 });
    await t.db.transaction((tx) => notifyItem(tx, 'transaction', txId));
    await createRunner(t.db, t.config).drain();

    const payload = verify(secret, '/tx') as { type: string; data: { id: string; status: string; amount: number } };
    expect(payload).toMatchObject({
      type: 'transaction.updated',
      data: { id: txId, status: 'AUTHORIZED', amount: 1234 },
    });
    const [webhook] = (await callAs(t.app, a, 'GET', `/v1/webhook?item_id=${txId}`)).body;
    expect(webhook).toMatchObject({
      type: 'transaction',
      status: 'AUTHORIZED',
      delivered: true,
      state: 'delivered',
      manual: false,
      attempts: 1,
    });
    expect(webhook.history).toEqual([expect.objectContaining({ status_code: 200, content: 'thanks' })]);
    expect(lastReceived('/tx').headers['webhook-id']).toBe(webhook.id);
    const [stored] = await t.db.query<{ secret: string }>(sql`select secret from webhook_endpoint where url = ${url}`);
    expect(stored.secret).toMatch(/^kse1:/);
    expect(stored.secret).not.toContain(secret.slice(6));
  });

  it("sends a test webhook at once and answers with the receiver's reply; after a rotation both secrets sign", async () => {
    const url = receiver.url('/test');
    const oldSecret = await secretFor(a, world.shopA.id, url);
    const newSecret = await secretFor(a, world.shopA.id, url);
    const sent = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url,
      type: 'refund',
      status: 'PROCESSED',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      manual: true,
      delivered: true,
      type: 'refund',
      status: 'PROCESSED',
      organisation: { id: world.shopA.id },
    });
    expect(sent.body.history[0]).toMatchObject({ status_code: 200, content: 'thanks' });
    expect(verify(newSecret, '/test')).toMatchObject({ type: 'refund.test' });
    expect(verify(oldSecret, '/test')).toMatchObject({ type: 'refund.test' });
    expect(lastReceived('/test').headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
  });

  it('does not follow a redirect and keeps a 5xx answer in the history; a resend is added to it', async () => {
    receiver.answer('/moved', 302);
    const sent = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url: receiver.url('/moved'),
      type: 'validationruleset',
    });
    expect(sent.body).toMatchObject({ delivered: false, state: 'queued' });
    expect(sent.body.history[0].status_code).toBe(302);
    expect(receiver.received.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
    receiver.answer('/moved', 200);
    const resent = await callAs(t.app, a, 'POST', `/v1/webhook/${sent.body.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ delivered: true, attempts: 2 });
    expect(resent.body.history.map((h: { status_code: number }) => h.status_code)).toEqual([200, 302]);
  });

  it('retries a failing receiver on the backoff schedule for about three days, then fails the webhook', async () => {
    receiver.answer('/down', 500);
    let clock = new Date('2026-03-02T10:00:00Z');
    const id = await t.db.transaction((tx) =>
      queueWebhook(tx, {
        type: 'transaction',
        event: 'transaction.updated',
        organisationId: world.shopA.id,
        merchantId: world.shopA.merchantId,
        url: receiver.url('/down'),
        itemId: null,
        status: 'FAILED',
        data: {},
        at: clock,
      }),
    );
    const start = clock.getTime();
    const metric = async (name: string, labels = '') => {
      const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${name}${labels} `));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const [httpErrors, retries, giveUps, timed] = [
      await metric('kassa_webhook_deliveries_total', '{outcome="http_error",manual="false"}'),
      await metric('kassa_webhook_retries_scheduled_total'),
      await metric('kassa_webhook_failed_total'),
      await metric('kassa_webhook_delivery_duration_seconds_count', '{outcome="http_error"}'),
    ];
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_WEBHOOK_ATTEMPTS; attempt++) {
      await deliverWebhook(t.db, t.config, id, { now: () => clock, random: () => 0.5 });
      const [row] = await t.db.query<{ next_attempt_at: Date | null; state: string }>(
        sql`select next_attempt_at, state from webhook where id = ${id}`,
      );
      if (!row.next_attempt_at) break;
      delays.push((row.next_attempt_at.getTime() - clock.getTime()) / 1000);
      clock = row.next_attempt_at;
    }
    expect(delays).toEqual([30, 90, 270, 810, 2430, 7290, 21870, 43200, 43200, 43200, 43200, 43200]);
    const [done] = await t.db.query<{ state: string; attempts: number; delivered: boolean }>(
      sql`select state, attempts, delivered from webhook where id = ${id}`,
    );
    expect(done).toEqual({ state: 'failed', attempts: 13, delivered: false });
    // /metrics: every attempt counted by outcome and timed; twelve retries, then one give-up.
    expect(await metric('kassa_webhook_deliveries_total', '{outcome="http_error",manual="false"}')).toBe(
      httpErrors + 13,
    );
    expect(await metric('kassa_webhook_delivery_duration_seconds_count', '{outcome="http_error"}')).toBe(timed + 13);
    expect(await metric('kassa_webhook_retries_scheduled_total')).toBe(retries + 12);
    expect(await metric('kassa_webhook_failed_total')).toBe(giveUps + 1);
    const days = (clock.getTime() - start) / 86_400_000;
    expect(days).toBeGreaterThan(2.5);
    expect(days).toBeLessThan(3.5);
    const history = (await callAs(t.app, a, 'GET', `/v1/webhook/${id}`)).body.history;
    expect(history).toHaveLength(13);
    expect(history.every((h: { status_code: number }) => h.status_code === 500)).toBe(true);
    // Jitter spreads retries: with other random draws the delay moves within ±10 %.
    expect(retryDelaySeconds(2, () => 0)).toBeCloseTo(81, 6);
    expect(retryDelaySeconds(2, () => 1)).toBeCloseTo(99, 6);
  });

  it('the queued retry runs from the job queue and a repeated job does not deliver twice', async () => {
    receiver.answer('/flaky', 503);
    const sent = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url: receiver.url('/flaky'),
      type: 'transaction',
      status: 'DECLINED',
    });
    receiver.answer('/flaky', 200);
    await t.db.query(sql`update job set run_at = now() where queue = 'webhook.deliver' and status = 'queued'`);
    await createRunner(t.db, t.config).drain();
    await deliverWebhook(t.db, t.config, sent.body.id);
    const row = (await callAs(t.app, a, 'GET', `/v1/webhook/${sent.body.id}`)).body;
    expect(row).toMatchObject({ delivered: true, attempts: 2 });
    expect(
      receiver.received.filter((r) => r.path === '/flaky' && r.headers['webhook-id'] === sent.body.id),
    ).toHaveLength(2);
  });
});

describe('webhook targets (SSRF)', () => {
  const refused = (url: string, lookup?: (h: string) => Promise<Array<{ address: string; family: number }>>) =>
    resolveTarget(url, { allowPrivate: false, lookup }).then(
      () => 'allowed',
      (error: Error) => error.message,
    );

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://10.20.30.40/hook', '10.20.30.40'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[::1]:3000/hook', '::1'],
    ['http://[fd00:ec2::254]/hook', 'fd00:ec2::254'],
    ['http://192.168.1.5/hook', '192.168.1.5'],
  ])('refuses %s', async (url, address) => {
    expect(await refused(url)).toContain(`resolves to ${address}`);
  });

  it('refuses a name that resolves to a private address, checked at send time', async () => {
    expect(await refused('https://intranet.corp.dev/hook', async () => [{ address: '10.0.0.7', family: 4 }])).toContain(
      'resolves to 10.0.0.7',
    );
    expect(await refused('http://localhost:9999/hook')).toMatch(/resolves to (127\.0\.0\.1|::1)/);
    expect(await refused('https://shop.kassa.dev/hook', async () => [{ address: '93.184.216.34', family: 4 }])).toBe(
      'allowed',
    );
    expect(await refused('https://shop.test/hook', async () => [{ address: '93.184.216.34', family: 4 }])).toContain(
      'reserved name',
    );
  });

  it('fails a webhook to a reserved name at once, without a job', async () => {
    const id = await t.db.transaction((tx) =>
      queueWebhook(tx, {
        type: 'transaction',
        event: 'transaction.updated',
        organisationId: world.shopA.id,
        merchantId: world.shopA.merchantId,
        url: 'https://shop-a.test/hooks',
        itemId: null,
        status: 'PENDING',
        data: {},
      }),
    );
    const row = (await callAs(t.app, a, 'GET', `/v1/webhook/${id}`)).body;
    expect(row).toMatchObject({ state: 'failed', delivered: false, attempts: 1 });
    expect(row.history[0].content).toContain('reserved name');
    expect(await t.db.query(sql`select id from job where payload->>'webhook_id' = ${id}`)).toHaveLength(0);
  });

  it('records the refusal in the history instead of sending when private targets are not allowed', async () => {
    const strict = { ...t.config, allowPrivateWebhooks: false };
    const before = receiver.received.length;
    const id = await t.db.transaction((tx) =>
      queueWebhook(tx, {
        type: 'transaction',
        event: 'transaction.updated',
        organisationId: world.shopA.id,
        merchantId: world.shopA.merchantId,
        url: receiver.url('/ssrf'),
        itemId: null,
        status: 'PENDING',
        data: {},
      }),
    );
    await deliverWebhook(t.db, strict, id);
    expect(receiver.received.length).toBe(before);
    const [attempt] = (await callAs(t.app, a, 'GET', `/v1/webhook/${id}`)).body.history;
    expect(attempt).toMatchObject({ status_code: null });
    expect(attempt.content).toContain('Refused');
  });
});

describe('webhook tenancy and input', () => {
  it("hides another merchant's webhooks and their history, refuses callers without a role, and names bad fields", async () => {
    const sent = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url: receiver.url('/tenancy'),
      type: 'transaction',
      status: 'AUTHORIZED',
    });
    const id = sent.body.id;
    expect((await callAs(t.app, b, 'GET', `/v1/webhook/${id}`)).status).toBe(404);
    expect((await callAs(t.app, b, 'POST', `/v1/webhook/${id}/resend`)).status).toBe(404);
    const listB = (await callAs(t.app, b, 'GET', '/v1/webhook?_limit=100')).body.map((w: { id: string }) => w.id);
    expect(listB).not.toContain(id);
    expect((await callAs(t.app, b, 'GET', `/v1/webhook/count?id=${id}`)).body.count).toBe(0);
    expect(
      (
        await callAs(t.app, b, 'POST', '/v1/webhook', {
          organisation: world.shopA.id,
          url: receiver.url('/x'),
          type: 'refund',
          status: 'PROCESSED',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAs(t.app, b, 'POST', '/v1/webhook/secret', {
          organisation: world.shopA.id,
          url: receiver.url('/tenancy'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await callAs(t.app, provider, 'GET', `/v1/webhook/${id}?_populate=organisation`)).body.organisation.name,
    ).toBe('Shop A');

    expect((await callAs(t.app, noRole, 'GET', '/v1/webhook')).status).toBe(403);
    expect(
      (
        await callAs(t.app, noRole, 'POST', '/v1/webhook', {
          organisation: world.shopA.id,
          url: receiver.url('/x'),
          type: 'validationruleset',
        })
      ).status,
    ).toBe(403);

    const bad = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url: 'ftp://files',
      type: 'transaction',
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['body.status', 'body.url']);
    const wrongStatus = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url: receiver.url('/x'),
      type: 'refund',
      status: 'WON',
    });
    expect(errorPaths(wrongStatus.body)).toEqual(['body.status']);
    expect((await callAs(t.app, a, 'GET', '/v1/webhook?colour=red')).status).toBe(400);
    const foreignItem = await insertTestTransaction(t.db, world.shopB, world.profileB);
    const itemOfB = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url: receiver.url('/x'),
      type: 'transaction',
      status: 'AUTHORIZED',
      item_id: foreignItem,
    });
    expect(itemOfB.status).toBe(404);
    expect(errorPaths(itemOfB.body)).toEqual(['body.item_id']);
  });

  it("refuses a sub-organisation its parent's or a sibling's transaction as the item of a test webhook (issue 30 item 7)", async () => {
    const aSub = await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    const sibling = await insertOrganisation(t.db, { parentId: world.shopA.id, name: 'Shop A Station' });
    const items = {
      parent: await insertTestTransaction(t.db, world.shopA, world.profileA),
      sibling: await insertTestTransaction(t.db, sibling, world.profileA),
      own: await insertTestTransaction(t.db, world.shopASub, world.profileASub),
    };
    const send = (item: string) =>
      callAs(t.app, aSub, 'POST', '/v1/webhook', {
        organisation: world.shopASub.id,
        url: receiver.url('/sub'),
        type: 'transaction',
        status: 'AUTHORIZED',
        item_id: item,
      });
    const before = await t.db.query(sql`select id from webhook`);
    for (const item of [items.parent, items.sibling]) {
      const answer = await send(item);
      expect(answer.status).toBe(404);
      expect(errorPaths(answer.body)).toEqual(['body.item_id']);
    }
    expect(await t.db.query(sql`select id from webhook`)).toEqual(before);
    const own = await send(items.own);
    expect(own.status).toBe(201);
    expect(lastReceived('/sub').body).toContain(items.own);
  });
});
