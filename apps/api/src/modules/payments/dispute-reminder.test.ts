// Runs on both engines: issue 36 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { startReceiver } from '../webhooks/webhook-test-receiver.ts';
import { sendDisputeReminders } from './dispute-reminder.service.ts';

// The reference implementation of RFC 8188 that web-push uses: the browser's side of the decryption.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (buffer: Buffer, params: Record<string, unknown>) => Buffer;
};
const DAY = 86_400_000;
let t: TestApp;
let world: TestWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const chargeback = async (org: { id: string; merchantId: string | null }, profile: string, dueInMs: number) => {
  const tx = await insertTestTransaction(t.db, org, profile, { status: 'CHARGEBACK' });
  const id = newId('cb');
  await t.db
    .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount,
      currency_code, reason_code, status, due_at)
    values (${id}, ${org.id}, ${org.merchantId}, ${tx}, ${profile}, 12345, 'EUR', '13.1', 'OPEN', ${new Date(Date.now() + dueInMs)})`);
  return id;
};
const mailsOf = (id: string) =>
  t.db.query<{ to_address: string; subject: string; text: string; status: string }>(
    sql`select to_address, subject, text, status from mail where template = 'dispute_reminder' and text like ${`%${id}%`} order by to_address, subject`,
  );
const remindersOf = (id: string) =>
  t.db.query<{ days_before: number; recipients: number }>(
    sql`select days_before, recipients from dispute_reminder where chargeback_id = ${id} order by days_before desc`,
  );

/** A browser subscribed to dispute reminders for `who`: its key pair, and the notifications it can decrypt. */
const browserOf = async (who: Caller, path: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = receiver.url(path);
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
  expect((await callAs(t.app, who, 'POST', '/v1/push/subscription', { endpoint, keys })).status).toBeLessThan(300);
  expect(
    (await callAs(t.app, who, 'POST', '/v1/push/preferences', { events: ['dispute.reminder'] })).status,
  ).toBeLessThan(300);
  return () =>
    receiver.received
      .filter((r) => r.path === path)
      .map(
        (m) =>
          JSON.parse(
            ece.decrypt(m.raw, { version: 'aes128gcm', privateKey: ecdh, authSecret: keys.auth }).toString('utf8'),
          ) as { title: string; body: string; url: string },
      );
};

beforeAll(async () => {
  t = await createTestApp({ allowPrivateWebhooks: true, publicUrl: 'https://kassa.example' });
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  receiver = await startReceiver();
  // a reads English; the analyst may not answer disputes; a-sub only sees its own sub-organisation.
  await t.db.query(
    sql`update app_user set language = 'en-US', time_zone = 'Europe/London' where email = 'a@test.kassa'`,
  );
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('dispute reminders', () => {
  it('mails and pushes the merchant users who may answer, in their language, once per threshold even when runs race', async () => {
    const [a, b, sub] = await Promise.all(
      ['a', 'b', 'a-sub'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
    );
    const pushedToA = await browserOf(a, '/push/a');
    const pushedToB = await browserOf(b, '/push/b');
    const pushedToSub = await browserOf(sub, '/push/sub');
    const id = await chargeback(world.shopA, world.profileA, 6 * DAY);

    // Eight workers reach the same chargeback at once: one reminder.
    const runs = await Promise.all(Array.from({ length: 8 }, () => sendDisputeReminders(t.db, t.config)));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await remindersOf(id)).toEqual([{ days_before: 7, recipients: 1 }]);
    // A rerun later the same day: nothing new.
    expect(await sendDisputeReminders(t.db, t.config, new Date(Date.now() + 3_600_000))).toBe(0);
    await createRunner(t.db, t.config).drain();

    // Only a (USER_ALL on Shop A): not the analyst (no answering role), not the sub-organisation's user, not Shop B's, not the provider.
    const mails = await mailsOf(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'a@test.kassa',
      subject: `Chargeback ${id}: 7 days left to respond`,
      status: 'stored',
    });
    expect(mails[0].text).toContain('€123.45');
    expect(mails[0].text).toContain(`https://kassa.example/chargebacks?open=${id}`);
    expect(pushedToA()).toEqual([
      {
        title: 'Chargeback: 7 days left',
        body: `Answer chargeback ${id} of €123.45 before its due date`,
        url: `/chargebacks?open=${id}`,
        tag: `dispute.reminder:${id}`,
      },
    ]);
    expect(pushedToB()).toEqual([]);
    expect(pushedToSub()).toEqual([]);

    // Five days later it is due in less than 2 days: the second reminder, once.
    const later = new Date(Date.now() + 4.5 * DAY);
    const second = await Promise.all(Array.from({ length: 4 }, () => sendDisputeReminders(t.db, t.config, later)));
    expect(second.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await remindersOf(id)).toEqual([
      { days_before: 7, recipients: 1 },
      { days_before: 2, recipients: 1 },
    ]);
    expect((await mailsOf(id)).map((m) => m.subject)).toEqual([
      `Chargeback ${id}: 2 days left to respond`,
      `Chargeback ${id}: 7 days left to respond`,
    ]);
    // The chargeback's dispute says which reminders went out, when and to how many.
    const dispute = await callAs(t.app, a, 'GET', `/v1/chargeback/${id}/dispute`);
    expect(dispute.status).toBe(200);
    expect(dispute.body.reminders).toEqual([
      { days_before: 7, recipients: 1, sent_at: expect.any(String) },
      { days_before: 2, recipients: 1, sent_at: expect.any(String) },
    ]);
  });

  it("tells a sub-organisation's chargeback to its own users and the merchant's, in Dutch by default; not answered, not open or far off: nothing", async () => {
    const id = await chargeback(world.shopASub, world.profileASub, 1.5 * DAY);
    const far = await chargeback(world.shopA, world.profileA, 12 * DAY);
    const answered = await chargeback(world.shopA, world.profileA, 3 * DAY);
    await t.db.query(
      sql`update chargeback set response_outcome = 'submitted', status = 'IN_DISPUTE' where id = ${answered}`,
    );
    await sendDisputeReminders(t.db, t.config);
    // Straight to the 2-day reminder: never a late 7-day one.
    expect(await remindersOf(id)).toEqual([{ days_before: 2, recipients: 2 }]);
    const mails = await mailsOf(id);
    expect(mails.map((m) => m.to_address)).toEqual(['a-sub@test.kassa', 'a@test.kassa']);
    expect(mails[0].subject).toBe(`Chargeback ${id}: nog 2 dagen om te reageren`);
    expect(mails[0].text).toMatch(/€\s123,45/);
    expect(await remindersOf(far)).toEqual([]);
    expect(await remindersOf(answered)).toEqual([]);
  });

  it('does not remind when the due date passed (the chargeback is lost by then)', async () => {
    const id = await chargeback(world.shopB, world.profileB, -DAY);
    await sendDisputeReminders(t.db, t.config);
    expect(await remindersOf(id)).toEqual([]);
  });
});
