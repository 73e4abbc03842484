import type { AddressInfo } from 'node:net';
import { statusVocabularies } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook } from '../modules/webhooks/delivery.service.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { ensureDemoWorld } from './ensure.ts';

/** Issue 32 item 22: the demo world shows what the screens can do, and its webhooks really deliver. */
describe('the demo showcase', () => {
  let t: TestApp;
  let port: number;
  let generationMs: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, demoScale: 1500, demoSeed: 11 });
    // The receiver is this server: listen, so deliveries reach it as they do after `npm start`.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const started = Date.now();
    await ensureDemoWorld(t.db, t.config);
    generationMs = Date.now() - started;
  }, 900_000);
  afterAll(() => t.close());

  const statuses = async (table: string) =>
    (
      await t.db.query<{ status: string }>(
        sql`select distinct status from ${sql.raw(table)} where mode = 'live' order by status`,
      )
    ).map((row) => row.status);

  it('has payment links, card-add links and scheduled transactions in every status, each row with its mode', async () => {
    console.log(`demo world with showcase generated in ${generationMs} ms`);
    expect(await statuses('payment_link')).toEqual([...statusVocabularies.paymentLink.values].sort());
    expect(await statuses('card_add_link')).toEqual([...statusVocabularies.cardAddLink.values].sort());
    expect(await statuses('scheduled_transaction')).toEqual([...statusVocabularies.scheduledTransaction.values].sort());
    const merchant = await signIn(t.app, 'merchant@kassa.test', DEMO_PASSWORD);
    const links = await t.app.inject({ method: 'GET', url: '/v1/payment-link?_limit=100', headers: merchant });
    expect(links.statusCode).toBe(200);
    expect(new Set(links.json().map((l: { status: string }) => l.status)).size).toBe(5);
    // Test mode keeps its own: the test link is not among the live ones.
    expect(links.json().some((l: { description: string }) => l.description === 'Test link (demo)')).toBe(false);
    const [test] = await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from payment_link where mode = 'test' and description = 'Test link (demo)'`,
    );
    expect(test.n).toBe(1);
    const scheduled = await t.app.inject({
      method: 'GET',
      url: '/v1/scheduled-transaction?_limit=100',
      headers: merchant,
    });
    expect(new Set(scheduled.json().map((s: { status: string }) => s.status))).toEqual(
      new Set(['CREATED', 'DONE', 'FAILED']),
    );
  });

  it('queues webhooks to the receiver on this server, which delivers some and refuses others on purpose', async () => {
    const queued = await t.db.query<{ id: string; url: string; mode: string }>(
      sql`select id, url, mode from webhook where state = 'queued' order by created_at, id`,
    );
    expect(queued.length).toBeGreaterThan(10);
    expect(new Set(queued.map((w) => w.mode))).toEqual(new Set(['live', 'test']));
    const ok = queued.find((w) => w.url.endsWith('/webhook-receiver/ok'))!;
    const failing = queued.find((w) => w.url.endsWith('/webhook-receiver/error'))!;
    const config = { ...t.config, port };
    expect((await deliverWebhook(t.db, config, ok.id))?.statusCode).toBe(200);
    expect((await deliverWebhook(t.db, config, failing.id))?.statusCode).toBe(500);
    const attempts = await t.db.query<{ webhook_id: string; status_code: number; content: string }>(
      sql`select webhook_id, status_code, content from webhook_attempt where webhook_id = any(${[ok.id, failing.id]})`,
    );
    expect(attempts.map((a) => [a.webhook_id, a.status_code])).toEqual(
      expect.arrayContaining([
        [ok.id, 200],
        [failing.id, 500],
      ]),
    );
    const [delivered] = await t.db.query<{ state: string; delivered: boolean }>(
      sql`select state, delivered from webhook where id = ${ok.id}`,
    );
    expect(delivered).toEqual({ state: 'delivered', delivered: true });
    // The failing one is queued again on the retry schedule, as a real receiver's would be.
    const [retried] = await t.db.query<{ state: string }>(sql`select state from webhook where id = ${failing.id}`);
    expect(retried.state).toBe('queued');
  });

  it('refuses the loopback receiver outside demo mode, as any private address', async () => {
    const [row] = await t.db.query<{ id: string }>(
      sql`select id from webhook where state = 'queued' and url like '%/webhook-receiver/ok' order by id limit 1`,
    );
    const result = await deliverWebhook(t.db, { ...t.config, demo: false, port, allowPrivateWebhooks: false }, row.id);
    expect(result?.statusCode).toBeNull();
    expect(result?.content).toMatch(/private, loopback/);
  });
});
