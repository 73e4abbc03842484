import { WEBHOOK_TYPES } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { newId } from '../../lib/ids.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import { migrate } from '../../plugins/db/migrate.ts';
import { sql } from '../../plugins/db/index.ts';
import { insertOrganisation } from '../settings/organisation.repository.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, callAs, errorPaths, signInTestUsers, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { insertTestCustomer } from '../payments/payments-test-helpers.ts';
import { deliverWebhook, notifyItem, queueWebhook } from './delivery.service.ts';
import { newSigningSecret } from './signature.ts';
import { startReceiver } from './webhook-test-receiver.ts';

/**
 * Issue 30, items 2, 7 and 10: a sub-organisation (Shop A Outlet, "W") neither takes over the
 * signing secret of its merchant's ("Z") endpoint nor sends itself its parent's or a sibling's items
 * in a test webhook; webhook URLs carry no user name or password.
 */
let t: TestApp;
let world: TestWorld;
let a: Caller;
let aSub: Caller;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** A second sub-organisation of Shop A: Shop A Outlet's sibling. */
let sibling: { id: string; merchantId: string | null };
let profileSibling: string;

beforeAll(async () => {
  t = await createTestApp({ allowPrivateWebhooks: true });
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  receiver = await startReceiver();
  ({ a, aSub } = await signInTestUsers(t.app, TEST_PASSWORD));
  sibling = await insertOrganisation(t.db, { parentId: world.shopA.id, name: 'Shop A Station' });
  profileSibling = newId('pp');
  await t.db.query(sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name, processors)
    values (${profileSibling}, ${sibling.id}, ${sibling.merchantId}, 'Station', 'Station', ${[world.processorId]})`);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const rotate = (who: Caller, organisation: string, url: string) =>
  callAs(t.app, who, 'POST', '/v1/webhook/secret', { organisation, url });
const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);
/** True when `secret` verifies the message (one of its signatures is made with it). */
const signs = (secret: string, message: { body: string; headers: Record<string, unknown> }) => {
  try {
    new Webhook(secret).verify(message.body, message.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

describe('webhook endpoints belong to the organisation that made them (issue 30, item 2)', () => {
  it("a sub-organisation and its API key rotating the parent's URL get an endpoint of their own; the parent's secret still signs the parent's webhooks", async () => {
    const path = '/shared';
    const url = receiver.url(path);
    await t.db.query(sql`update payment_profile set webhook_transaction_update = ${url}
      where id in (${world.profileA}, ${world.profileASub}, ${profileSibling})`);

    // merchant@ registers the URL for Z.
    const parent = await rotate(a, world.shopA.id, url);
    expect(parent.status).toBe(200);
    const parentSecret: string = parent.body.secret;

    // winkel@ "rotates" the same URL for W: a new endpoint of W, the parent's untouched.
    const own = await rotate(aSub, world.shopASub.id, url);
    expect(own.status).toBe(200);
    expect(own.body.id).not.toBe(parent.body.id);
    expect(own.body.previous_until).toBeNull();

    // A winkel@ API key does the same: it rotates W's endpoint, never Z's.
    const key = await callAs(t.app, aSub, 'POST', '/v1/apikey', { name: 'Winkel integration', roles: ['USER_ALL'] });
    expect(key.status).toBe(201);
    const byKey = await rotate(bearer(key.body.key), world.shopASub.id, url);
    expect(byKey.status).toBe(200);
    expect(byKey.body.id).toBe(own.body.id);
    expect(byKey.body.previous_until).not.toBeNull();
    // Naming the parent is refused to both, like an unknown organisation.
    expect((await rotate(aSub, world.shopA.id, url)).status).toBe(404);
    expect((await rotate(bearer(key.body.key), world.shopA.id, url)).status).toBe(404);

    const endpoints = await t.db.query<{ id: string; organisation_id: string; previous_secret: string | null }>(
      sql`select id, organisation_id, previous_secret from webhook_endpoint where url = ${url} order by organisation_id`,
    );
    expect(endpoints.map((e) => [e.id, e.organisation_id]).sort()).toEqual(
      [
        [parent.body.id, world.shopA.id],
        [own.body.id, world.shopASub.id],
      ].sort(),
    );
    // The parent's endpoint was never rotated: no previous secret beside its own.
    expect(endpoints.find((e) => e.id === parent.body.id)!.previous_secret).toBeNull();

    // Real deliveries: a payment of Z, of W and of W's sibling, each to the shared URL.
    const txZ = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED' });
    const txW = await insertTestTransaction(t.db, world.shopASub, world.profileASub, { status: 'AUTHORIZED' });
    const txSibling = await insertTestTransaction(t.db, sibling, profileSibling, { status: 'AUTHORIZED' });
    for (const id of [txZ, txW, txSibling]) await t.db.transaction((tx) => notifyItem(tx, 'transaction', id));
    await createRunner(t.db, t.config).drain();
    const messageOf = (txId: string) =>
      receivedAt(path).find((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === txId)!;

    // Z's payment: signed with Z's secret only, not with anything winkel@ holds.
    const forZ = messageOf(txZ);
    expect(signs(parentSecret, forZ)).toBe(true);
    expect(signs(own.body.secret, forZ)).toBe(false);
    expect(signs(byKey.body.secret, forZ)).toBe(false);
    expect(String(forZ.headers['webhook-signature']).split(' ')).toHaveLength(1);
    // W's payment: signed by W's endpoint (new and previous secret during the overlap), not by Z's.
    const forW = messageOf(txW);
    expect(signs(byKey.body.secret, forW)).toBe(true);
    expect(signs(own.body.secret, forW)).toBe(true);
    expect(signs(parentSecret, forW)).toBe(false);
    // The sibling made no endpoint: the nearest one above it, Z's, signs its payment; W's never does.
    const forSibling = messageOf(txSibling);
    expect(signs(parentSecret, forSibling)).toBe(true);
    expect(signs(byKey.body.secret, forSibling)).toBe(false);

    // The parent rotating later rotates its own endpoint, and W's stays as it was.
    const again = await rotate(a, world.shopA.id, url);
    expect(again.body.id).toBe(parent.body.id);
    const [wAfter] = await t.db.query<{ n: string }>(
      sql`select count(*) as n from webhook_endpoint where id = ${own.body.id} and rotated_at is not null`,
    );
    expect(Number(wAfter.n)).toBe(1);
  });

  it("without an endpoint of its own or above it, an event creates the merchant's, which the merchant then rotates", async () => {
    const path = '/first-use';
    const url = receiver.url(path);
    const sent = await callAs(t.app, aSub, 'POST', '/v1/webhook', {
      organisation: world.shopASub.id,
      url,
      type: 'validationruleset',
    });
    expect(sent.status).toBe(201);
    const [made] = await t.db.query<{ id: string; organisation_id: string }>(
      sql`select id, organisation_id from webhook_endpoint where url = ${url}`,
    );
    expect(made.organisation_id).toBe(world.shopA.id);
    const rotated = await rotate(a, world.shopA.id, url);
    expect(rotated.body.id).toBe(made.id);
    await callAs(t.app, aSub, 'POST', `/v1/webhook/${sent.body.id}/resend`);
    expect(signs(rotated.body.secret, receivedAt(path).at(-1)!)).toBe(true);
  });

  it("answers a sub-organisation its parent's webhook and its parent's endpoint as unknown ones: nothing sent, the secret kept, nothing recorded", async () => {
    const path = '/parent-only';
    const url = receiver.url(path);
    const sent = await callAs(t.app, a, 'POST', '/v1/webhook', {
      organisation: world.shopA.id,
      url,
      type: 'validationruleset',
    });
    expect(sent.status).toBe(201);
    const delivered = receivedAt(path).length;
    const endpoints = async () =>
      t.db.query(sql`select id, secret, previous_secret from webhook_endpoint where url = ${url}`);
    const before = await endpoints();
    expect(before).toHaveLength(1);

    const resent = await callAs(t.app, aSub, 'POST', `/v1/webhook/${sent.body.id}/resend`);
    expect(resent.status).toBe(404);
    expect(errorPaths(resent.body)).toEqual(['params.id']);
    const rotated = await rotate(aSub, world.shopA.id, url);
    expect(rotated.status).toBe(404);
    expect(errorPaths(rotated.body)).toEqual(['body.organisation']);
    expect(JSON.stringify(rotated.body)).not.toContain('whsec_');

    expect(receivedAt(path)).toHaveLength(delivered);
    expect(await endpoints()).toEqual(before);
    const recorded = await t.db.query(
      sql`select type from audit_log where type in ('webhook_resent', 'webhook_secret_rotated') and (entity_id = ${sent.body.id} or detail->>'url' = ${url})`,
    );
    expect(recorded).toEqual([]);
  });
});

/** One item of each type a test webhook may name, in the given organisation. */
const insertItems = async (org: { id: string; merchantId: string | null }, profileId: string) => {
  const transaction = await insertTestTransaction(t.db, org, profileId, { status: 'SETTLEMENT_COMPLETED' });
  const customer = await insertTestCustomer(t.db, org);
  const ids = {
    transaction,
    refund: newId('rf'),
    chargeback: newId('cb'),
    validationruleset: newId('vr'),
    cardlink: newId('cal'),
    paymentlink: newId('pl'),
    subscription: newId('sub'),
  };
  const plan = newId('pln');
  const m = org.merchantId;
  await t.db
    .query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
    values (${ids.refund}, ${org.id}, ${m}, ${transaction}, ${profileId}, 100, 'EUR', 'PROCESSED')`);
  await t.db
    .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
    values (${ids.chargeback}, ${org.id}, ${m}, ${transaction}, ${profileId}, 100, 'EUR', 'OPEN')`);
  await t.db.query(sql`insert into validation_ruleset (id, organisation_id, merchant_id, name, action)
    values (${ids.validationruleset}, ${org.id}, ${m}, 'Rules', 'block')`);
  await t.db
    .query(sql`insert into card_add_link (id, organisation_id, merchant_id, payment_profile_id, customer_id, token, url, expires_at)
    values (${ids.cardlink}, ${org.id}, ${m}, ${profileId}, ${customer}, ${newId('tok')}, 'https://pay.kassa.test/add-card/x', now() + interval '1 day')`);
  await t.db
    .query(sql`insert into payment_link (id, organisation_id, merchant_id, payment_profile_id, token, url, amount, currency_code, expires_at)
    values (${ids.paymentlink}, ${org.id}, ${m}, ${profileId}, ${newId('tok')}, 'https://pay.kassa.test/pay/x', 1250, 'EUR', now() + interval '1 day')`);
  await t.db.query(sql`insert into plan (id, organisation_id, merchant_id, payment_profile_id, name, amount, interval)
    values (${plan}, ${org.id}, ${m}, ${profileId}, 'Monthly', 500, 'month')`);
  await t.db
    .query(sql`insert into subscription (id, organisation_id, merchant_id, customer_id, plan_id, payment_profile_id, amount, currency_code,
      payment_product, token, subscription_url, start_date)
    values (${ids.subscription}, ${org.id}, ${m}, ${customer}, ${plan}, ${profileId}, 500, 'EUR', 'card', ${newId('tok')}, 'https://pay.kassa.test/s/x', now())`);
  return ids;
};

/** An answer without its request id, which differs on every call. */
const comparable = (answer: { status: number; body: { requestId?: string } }) => {
  const { requestId: _requestId, ...body } = answer.body;
  return { status: answer.status, body };
};

const statusOf: Record<string, string | undefined> = {
  transaction: 'AUTHORIZED',
  refund: 'PROCESSED',
  chargeback: 'OPEN',
};

describe("a test webhook names only items of the caller's and the webhook's organisation (issue 30, item 7)", () => {
  it.each(WEBHOOK_TYPES)(
    "%s: the parent's and a sibling's ids answer 404 exactly like an unknown id, and the receiver gets nothing",
    async (type) => {
      const parentItems = await insertItems(world.shopA, world.profileA);
      const siblingItems = await insertItems(sibling, profileSibling);
      const ownItems = await insertItems(world.shopASub, world.profileASub);
      const path = `/exfiltrate-${type}`;
      const send = (who: Caller, organisation: string, itemId: string) =>
        callAs(t.app, who, 'POST', '/v1/webhook', {
          organisation,
          url: receiver.url(path),
          type,
          status: statusOf[type],
          item_id: itemId,
        });

      const unknown = await send(aSub, world.shopASub.id, `${parentItems[type]}x`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.details).toMatchObject([{ path: 'body.item_id', message: expect.any(String) }]);
      for (const foreign of [parentItems[type], siblingItems[type]]) {
        const answer = await send(aSub, world.shopASub.id, foreign);
        expect(comparable(answer)).toEqual(comparable(unknown));
      }
      // The merchant may not send a webhook of W about an item of Z either: the webhook's organisation must hold it.
      const intoSub = await send(a, world.shopASub.id, parentItems[type]);
      expect(comparable(intoSub)).toEqual(comparable(unknown));
      expect(receivedAt(path)).toHaveLength(0);
      expect(await t.db.query(sql`select id from webhook where url = ${receiver.url(path)}`)).toHaveLength(0);

      // The sub-organisation's own item, and the merchant naming its sub-organisation's, are sent.
      expect((await send(aSub, world.shopASub.id, ownItems[type])).status).toBe(201);
      expect((await send(a, world.shopA.id, ownItems[type])).status).toBe(201);
      const ids = receivedAt(path).map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id);
      expect(ids).toEqual([ownItems[type], ownItems[type]]);
    },
  );
});

describe('webhook URLs with a user name or password (issue 30, item 10)', () => {
  it('refuses them with 400 naming the field, on test webhooks, secrets and payment profiles, and sends nothing', async () => {
    const url = receiver.url('/userinfo').replace('http://', 'http://hook-user:hook-pass@');
    const before = receiver.received.filter((r) => r.path === '/userinfo').length;
    const refusedAt = async (path: string, body: Record<string, unknown>, field: string) => {
      const answer = await callAs(t.app, a, 'POST', path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error' });
      expect(answer.body.details).toMatchObject([{ path: field, code: 'invalidUrl' }]);
    };
    await refusedAt('/v1/webhook', { organisation: world.shopA.id, url, type: 'validationruleset' }, 'body.url');
    await refusedAt(
      '/v1/webhook',
      {
        organisation: world.shopA.id,
        url: receiver.url('/userinfo').replace('http://', 'http://hook-user@'),
        type: 'validationruleset',
      },
      'body.url',
    );
    await refusedAt('/v1/webhook/secret', { organisation: world.shopA.id, url }, 'body.url');
    await refusedAt(
      `/v1/paymentprofile/${world.profileA}`,
      { webhook_refund_update: url },
      'body.webhook_refund_update',
    );
    expect(receiver.received.filter((r) => r.path === '/userinfo')).toHaveLength(before);
    expect(await t.db.query(sql`select id from webhook_endpoint where url = ${url}`)).toHaveLength(0);
    const [profile] = await t.db.query<{ webhook_refund_update: string | null }>(
      sql`select webhook_refund_update from payment_profile where id = ${world.profileA}`,
    );
    expect(profile.webhook_refund_update).not.toBe(url);

    // A URL stored before the refusal is refused at send time: recorded in the history, never sent.
    const id = await t.db.transaction((tx) =>
      queueWebhook(tx, {
        type: 'transaction',
        event: 'transaction.updated',
        organisationId: world.shopA.id,
        merchantId: world.shopA.merchantId,
        url,
        itemId: null,
        status: 'PENDING',
        data: {},
      }),
    );
    await deliverWebhook(t.db, t.config, id);
    expect(receiver.received.filter((r) => r.path === '/userinfo')).toHaveLength(before);
    const [attempt] = (await callAs(t.app, a, 'GET', `/v1/webhook/${id}`)).body.history;
    expect(attempt).toMatchObject({ status_code: null });
    expect(attempt.content).toContain('user name or password');
  });
});

describe('migration 0101 keeps existing endpoints signing what they signed', () => {
  it("makes an endpoint that a sub-organisation's first delivery created the merchant's, so the merchant's events keep its secret", async () => {
    const path = '/before-0101';
    const url = receiver.url(path);
    const secret = newSigningSecret();
    // The table as it was before 0101, with the row the old code made at a first delivery of W.
    // (The endpoints earlier tests gave sub-organisations could not have existed then.)
    await t.db.query(sql`delete from webhook_endpoint where organisation_id <> merchant_id`);
    await t.db.exec(`alter table webhook_endpoint drop constraint webhook_endpoint_organisation_id_url_key;
      drop index webhook_endpoint_url_idx;
      alter table webhook_endpoint add constraint webhook_endpoint_merchant_id_url_key unique (merchant_id, url);`);
    await t.db.query(sql`insert into webhook_endpoint (id, organisation_id, merchant_id, url, secret)
      values (${newId('whe')}, ${world.shopASub.id}, ${world.shopA.id}, ${url}, ${encryptSecret(secret)})`);
    await t.db.query(sql`delete from schema_migration where version = '0101_webhook_endpoint_owner'`);
    await migrate(t.db);

    const [row] = await t.db.query<{ organisation_id: string }>(
      sql`select organisation_id from webhook_endpoint where url = ${url}`,
    );
    expect(row.organisation_id).toBe(world.shopA.id);
    for (const [who, organisation] of [
      [a, world.shopA.id],
      [aSub, world.shopASub.id],
    ] as const) {
      const sent = await callAs(t.app, who, 'POST', '/v1/webhook', { organisation, url, type: 'validationruleset' });
      expect(sent.status).toBe(201);
      expect(signs(secret, receivedAt(path).at(-1)!)).toBe(true);
    }
    expect(await t.db.query(sql`select id from webhook_endpoint where url = ${url}`)).toHaveLength(1);
  });
});
