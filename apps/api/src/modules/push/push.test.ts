import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { deliverWebhook, queueWebhook } from '../webhooks/delivery.service.ts';
import { startReceiver } from '../webhooks/webhook-test-receiver.ts';
import { subscribe } from './push.service.ts';

// The reference implementation of RFC 8188 that web-push itself uses: a browser's side of the decryption.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (buffer: Buffer, params: Record<string, unknown>) => Buffer;
};

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let browserA: ReturnType<typeof browserAt>;

/** A browser's push subscription: its own P-256 key pair and auth secret, and an endpoint at the local receiver. */
const browserAt = (path: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: {
      endpoint: receiver.url(path),
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    read: () => {
      const message = receiver.received.filter((r) => r.path === path).at(-1);
      return (
        message &&
        (JSON.parse(
          ece
            .decrypt(message.raw, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
            .toString('utf8'),
        ) as { title: string; body: string; url: string })
      );
    },
    count: () => receiver.received.filter((r) => r.path === path).length,
  };
};
const pushJobs = async () =>
  Number((await t.db.query<{ n: string }>(sql`select count(*) as n from job where queue = 'push.event'`))[0].n);
const insertChargeback = async (org: { id: string; merchantId: string | null }, profile: string, amount: number) => {
  const tx = await insertTestTransaction(t.db, org, profile, { amount: amount * 2 });
  const id = newId('cb');
  await t.db
    .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
    values (${id}, ${org.id}, ${org.merchantId}, ${tx}, ${profile}, ${amount}, 'EUR', 'OPEN')`);
  return id;
};

beforeAll(async () => {
  t = await createTestApp({ allowPrivateWebhooks: true });
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  receiver = await startReceiver();
  [a, b] = await Promise.all([
    signIn(t.app, 'a@test.kassa', TEST_PASSWORD),
    signIn(t.app, 'b@test.kassa', TEST_PASSWORD),
  ]);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('push notifications', () => {
  it('subscribes a browser and sends it a test notification it can decrypt, signed with the VAPID key it subscribed with', async () => {
    const state = await callAs(t.app, a, 'GET', '/v1/push');
    expect(state.body).toMatchObject({
      events: [],
      subscriptions: 0,
      available_events: [
        'chargeback.created',
        'webhook.failing',
        'settlement.paid',
        'dispute.reminder',
        'change_request.emergency',
      ],
    });
    const browser = browserAt('/push/a-test');
    const subscribed = await callAs(t.app, a, 'POST', '/v1/push/subscription', browser.json);
    expect(subscribed.status).toBe(200);
    expect(subscribed.body.subscriptions).toBe(1);
    const sent = await callAs(t.app, a, 'POST', '/v1/push/test');
    expect(sent.body).toEqual({ sent: 1, failed: 0, removed: 0 });
    expect(browser.read()).toMatchObject({
      title: 'Kassa',
      body: 'Pushmeldingen werken in deze browser.',
      url: '/profile',
    });
    const headers = receiver.received.at(-1)!.headers;
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(headers.authorization).toContain(`k=${state.body.public_key}`);
    // The same key pair for every process: it is kept, not made again.
    expect((await callAs(t.app, b, 'GET', '/v1/push')).body.public_key).toBe(state.body.public_key);
  });

  it('tells only the users who picked the event and may see the item: a new chargeback, a paid settlement', async () => {
    // Nobody subscribed to chargebacks yet: writes add no job (demo loads and bulk imports stay cheap).
    const jobs = await pushJobs();
    await insertChargeback(world.shopA, world.profileA, 100);
    expect(await pushJobs()).toBe(jobs);

    browserA = browserAt('/push/a');
    const browserB = browserAt('/push/b');
    await callAs(t.app, a, 'POST', '/v1/push/subscription', browserA.json);
    await callAs(t.app, b, 'POST', '/v1/push/subscription', browserB.json);
    for (const who of [a, b])
      expect(
        (
          await callAs(t.app, who, 'POST', '/v1/push/preferences', {
            events: ['chargeback.created', 'settlement.paid'],
          })
        ).body.events,
      ).toEqual(['chargeback.created', 'settlement.paid']);

    const chargeback = await insertChargeback(world.shopA, world.profileA, 2500);
    await createRunner(t.db, t.config).drain();
    expect(browserA.read()).toEqual({
      title: 'Nieuwe chargeback',
      body: `Chargeback van €\u00a025,00 (${chargeback})`,
      url: `/chargebacks?open=${chargeback}`,
      tag: `chargeback.created:${chargeback}`,
    });
    expect(browserB.count()).toBe(0); // Shop B may not see Shop A's chargeback.

    await t.db.query(
      sql`insert into settlement (id, organisation_id, merchant_id, amount, status) values (${newId('stl')}, ${world.shopB.id}, ${world.shopB.merchantId}, 99000, 'PAID')`,
    );
    await createRunner(t.db, t.config).drain();
    expect(browserB.read()?.title).toBe('Settlement uitbetaald');
    expect(browserB.read()?.body).toContain('990,00');
  });

  it('tells of a webhook endpoint failing for an hour, once per failing spell', async () => {
    await callAs(t.app, a, 'POST', '/v1/push/preferences', { events: ['webhook.failing'] });
    receiver.answer('/down', 500);
    const url = receiver.url('/down');
    let clock = new Date('2026-03-02T10:00:00Z');
    const queue = () =>
      t.db.transaction((tx) =>
        queueWebhook(tx, {
          type: 'transaction',
          event: 'transaction.updated',
          organisationId: world.shopA.id,
          merchantId: world.shopA.merchantId,
          url,
          itemId: null,
          status: 'FAILED',
          data: {},
          at: clock,
        }),
      );
    const failing = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            sql`select count(*) as n from job where queue = 'push.event' and payload->>'event' = 'webhook.failing'`,
          )
        )[0].n,
      );
    const id = await queue();
    await deliverWebhook(t.db, t.config, id, { now: () => clock });
    clock = new Date(clock.getTime() + 30 * 60_000);
    await deliverWebhook(t.db, t.config, id, { now: () => clock, manual: true });
    expect(await failing()).toBe(0);
    clock = new Date(clock.getTime() + 31 * 60_000);
    await deliverWebhook(t.db, t.config, id, { now: () => clock, manual: true });
    clock = new Date(clock.getTime() + 60 * 60_000);
    await deliverWebhook(t.db, t.config, id, { now: () => clock, manual: true });
    expect(await failing()).toBe(1);
    await createRunner(t.db, t.config).drain();
    expect(browserA.read()).toMatchObject({
      title: 'Webhook faalt',
      body: `${url} beantwoordt webhooks al een uur niet met 2xx`,
      url: `/webhooks?open=${id}`,
    });
    // A success ends the spell: the next hour of failures would tell again.
    receiver.answer('/down', 200);
    await deliverWebhook(t.db, t.config, id, { now: () => clock, manual: true });
    expect(
      (
        await t.db.query<{ failing_since: Date | null }>(
          sql`select failing_since from webhook_endpoint where url = ${url}`,
        )
      )[0].failing_since,
    ).toBeNull();
  });

  it('refuses a push endpoint with a user name or password with 400 naming the field, and never sends to one stored before', async () => {
    const browser = browserAt('/push/userinfo');
    const endpoint = browser.json.endpoint.replace('http://', 'http://push-user:push-pass@');
    const refused = await callAs(t.app, a, 'POST', '/v1/push/subscription', { ...browser.json, endpoint });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toMatchObject([{ path: 'body.endpoint', code: 'invalidUrl' }]);
    expect(await t.db.query(sql`select id from push_subscription where endpoint = ${endpoint}`)).toHaveLength(0);

    // One stored before the refusal existed: the send is refused and recorded, nothing reaches the address.
    const [userB] = await t.db.query<{ id: string }>(sql`select id from app_user where email = 'b@test.kassa'`);
    await subscribe(t.db, t.config, userB.id, browser.json, null);
    await t.db.query(
      sql`update push_subscription set endpoint = ${endpoint} where endpoint = ${browser.json.endpoint}`,
    );
    const sent = await callAs(t.app, b, 'POST', '/v1/push/test');
    expect(sent.body.failed).toBeGreaterThanOrEqual(1);
    expect(browser.count()).toBe(0);
    const [stored] = await t.db.query<{ last_error: string }>(
      sql`select last_error from push_subscription where endpoint = ${endpoint}`,
    );
    expect(stored.last_error).toContain('user name or password');
  });

  it('refuses push endpoints on private addresses, drops subscriptions the push service says are gone, and unsubscribes', async () => {
    await expect(
      subscribe(
        t.db,
        { ...t.config, allowPrivateWebhooks: false },
        'u',
        { endpoint: 'http://169.254.169.254/latest', keys: { p256dh: 'AA', auth: 'AA' } },
        null,
      ),
    ).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof HttpError && error.statusCode === 400 && error.details?.[0].path === 'body.endpoint',
    );
    const bad = await callAs(t.app, a, 'POST', '/v1/push/subscription', {
      endpoint: 'not a url',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['body.endpoint']);

    const gone = browserAt('/push/gone');
    receiver.answer('/push/gone', 410);
    await callAs(t.app, b, 'POST', '/v1/push/subscription', gone.json);
    const sent = await callAs(t.app, b, 'POST', '/v1/push/test');
    expect(sent.body).toMatchObject({ removed: 1 });
    expect((await t.db.query(sql`select 1 from push_subscription where endpoint = ${gone.json.endpoint}`)).length).toBe(
      0,
    );

    const browser = browserAt('/push/leaving');
    await callAs(t.app, b, 'POST', '/v1/push/subscription', browser.json);
    // Another user cannot remove b's subscription.
    expect(
      (await callAs(t.app, a, 'POST', '/v1/push/subscription/remove', { endpoint: browser.json.endpoint })).status,
    ).toBe(404);
    expect(
      (await callAs(t.app, b, 'POST', '/v1/push/subscription/remove', { endpoint: browser.json.endpoint })).status,
    ).toBe(200);
    const again = await callAs(t.app, b, 'POST', '/v1/push/subscription/remove', { endpoint: browser.json.endpoint });
    expect(again.status).toBe(404);
    expect(errorPaths(again.body)).toEqual(['body.endpoint']);
  });
});
