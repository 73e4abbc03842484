import { randomBytes } from 'node:crypto';
import { newId } from '../lib/ids.ts';
import { notifyItem } from '../modules/webhooks/delivery.service.ts';
import { DEMO_RECEIVER_PATH } from '../modules/webhooks/demo-receiver.ts';
import { sql, type Db, type Queryable } from '../plugins/db/index.ts';

const DAY = 86_400_000;

type Merchant = { id: string; profile: string; currency: string; customers: string[]; paid: string[]; index: number };

/** Every status of a payment link, and how the demo makes it (risk-config.md §2.13 Payments, issue 32 item 22). */
const PAYMENT_LINKS = [
  { status: 'CREATED', active: true, expiresInDays: 14, amount: 4950, text: 'Bicycle service' },
  { status: 'INITIATED', active: true, expiresInDays: 7, amount: 12900, text: 'Rain cover and lights' },
  { status: 'DONE', active: true, expiresInDays: 20, amount: 2500, text: 'Deposit', paid: true },
  { status: 'EXPIRED', active: true, expiresInDays: -3, amount: 7995, text: 'Spare parts' },
  { status: 'BLOCKED', active: true, expiresInDays: 10, amount: 99900, text: 'E-bike', failedAttempts: 10 },
  { status: 'CREATED', active: false, expiresInDays: 30, amount: 1500, text: 'Cancelled order' },
] as const;

const CARD_ADD_LINKS = [
  { status: 'CREATED', active: true, expiresInDays: 14, text: 'Card for monthly service' },
  { status: 'INITIATED', active: true, expiresInDays: 5, text: 'Card for lease' },
  { status: 'DONE', active: true, expiresInDays: 20, text: 'Card on file', card: true },
  { status: 'EXPIRED', active: true, expiresInDays: -2, text: 'Card for repairs' },
  { status: 'CANCELLED', active: false, expiresInDays: 12, text: 'Card no longer needed' },
] as const;

/** A due charge still to come, one charged and one that failed, as the scheduled-transactions list shows them. */
const SCHEDULED = [
  { status: 'CREATED', dueInDays: 3, amount: 2995 },
  { status: 'CREATED', dueInDays: 10, amount: 4500 },
  { status: 'DONE', dueInDays: -5, amount: 2995, paid: true },
  { status: 'FAILED', dueInDays: -2, amount: 2995, reason: 'Declined by the issuer (51 insufficient funds)' },
] as const;

/**
 * Where the demo's webhooks go: the receiver on the same server (modules/webhooks/demo-receiver.ts),
 * answering as the path asks, so the delivery history shows real attempts, most delivered and some
 * failing on purpose (a merchant whose receiver answers 500 and one whose answers 503 on refunds).
 */
const receiverUrl = (publicUrl: string, answer: 'ok' | 'error' | 'unavailable') =>
  `${publicUrl.replace(/\/$/, '')}${DEMO_RECEIVER_PATH}${answer}`;

const token = () => randomBytes(18).toString('base64url');

const merchantsOf = async (db: Queryable): Promise<Merchant[]> => {
  const rows = await db.query<{ id: string; profile: string | null; currency: string | null }>(sql`
    select o.id,
      (select p.id from payment_profile p where p.merchant_id = o.id order by p.created_at, p.id limit 1) as profile,
      (select p.currency_code from payment_profile p where p.merchant_id = o.id order by p.created_at, p.id limit 1) as currency
    from organisation o where o.type = 'merchant' order by o.created_at, o.id`);
  const out: Merchant[] = [];
  for (const [index, row] of rows.entries()) {
    if (!row.profile) continue;
    const customers = await db.query<{ id: string }>(
      sql`select id from customer where merchant_id = ${row.id} and mode = 'live' order by created_at desc, id limit 8`,
    );
    const paid = await db.query<{ id: string }>(sql`select id from transaction where payment_profile_id = ${row.profile}
      and mode = 'live' and status in ('SETTLEMENT_COMPLETED', 'SETTLED', 'PAID') order by created_at desc, id limit 4`);
    out.push({
      id: row.id,
      profile: row.profile,
      currency: row.currency ?? 'EUR',
      customers: customers.map((c) => c.id),
      paid: paid.map((p) => p.id),
      index,
    });
  }
  return out;
};

const insertLinks = async (tx: Queryable, m: Merchant, publicUrl: string, now: number) => {
  const base = publicUrl.replace(/\/$/, '');
  for (const [i, link] of PAYMENT_LINKS.entries()) {
    const created = new Date(now - (i + 1) * 2 * DAY);
    const key = token();
    await tx.query(sql`insert into payment_link (id, organisation_id, merchant_id, payment_profile_id, customer_id, transaction_id, token, url,
        amount, currency_code, description, merchant_reference, status, active, expires_at, failed_attempts, created_at, updated_at, mode)
      values (${newId('pl', created.getTime())}, ${m.id}, ${m.id}, ${m.profile}, ${m.customers[i % Math.max(1, m.customers.length)] ?? null},
        ${'paid' in link ? (m.paid[0] ?? null) : null}, ${key}, ${`${base}/pay/${key}`}, ${link.amount}, ${m.currency}, ${link.text},
        ${`LINK-${m.index + 1}-${i + 1}`}, ${link.status}, ${link.active}, ${new Date(now + link.expiresInDays * DAY)},
        ${'failedAttempts' in link ? link.failedAttempts : 0}, ${created}, ${created}, 'live')`);
  }
  if (m.customers.length === 0) return;
  for (const [i, link] of CARD_ADD_LINKS.entries()) {
    const created = new Date(now - (i + 1) * 3 * DAY);
    const key = token();
    const card = 'card' in link;
    await tx.query(sql`insert into card_add_link (id, organisation_id, merchant_id, payment_profile_id, customer_id, token, url, description,
        merchant_reference, status, active, expires_at, card_brand, card_bin, card_last4, card_added_at, created_at, updated_at, mode)
      values (${newId('cal', created.getTime())}, ${m.id}, ${m.id}, ${m.profile}, ${m.customers[i % m.customers.length]}, ${key},
        ${`${base}/add-card/${key}`}, ${link.text}, ${`CARD-${m.index + 1}-${i + 1}`}, ${link.status}, ${link.active},
        ${new Date(now + link.expiresInDays * DAY)}, ${card ? 'VISA' : null}, ${card ? '424242' : null}, ${card ? '4242' : null},
        ${card ? new Date(created.getTime() + 3_600_000) : null}, ${created}, ${created}, 'live')`);
  }
  for (const [i, scheduled] of SCHEDULED.entries()) {
    const due = new Date(now + scheduled.dueInDays * DAY);
    const created = new Date(Math.min(due.getTime(), now) - 7 * DAY);
    const paid = 'paid' in scheduled ? (m.paid[1] ?? null) : null;
    await tx.query(sql`insert into scheduled_transaction (id, organisation_id, merchant_id, payment_profile_id, customer_id, amount, currency_code,
        due_at, status, transaction_id, attempts, failure_reason, created_at, updated_at, mode)
      values (${newId('sch', created.getTime())}, ${m.id}, ${m.id}, ${m.profile}, ${m.customers[i % m.customers.length]}, ${scheduled.amount},
        ${m.currency}, ${due}, ${scheduled.status}, ${paid}, ${scheduled.status === 'CREATED' ? 0 : 1},
        ${'reason' in scheduled ? scheduled.reason : null}, ${created}, ${scheduled.status === 'CREATED' ? created : due}, 'live')`);
  }
};

/**
 * What the screens can do, shown on the demo world (issue 32 item 22): payment links and card-add
 * links in every status, scheduled transactions in every state, and webhooks that really deliver
 * to the receiver on this server, some failing on purpose; a test-mode link and webhook beside
 * the live ones. A few hundred rows and at most a few dozen queued deliveries: the worker sends
 * them once the server listens, so the first start waits for none of it.
 */
export const createDemoShowcase = async (
  db: Db,
  options: { publicUrl: string; now?: number; webhooksPerMerchant?: number },
): Promise<{ links: number; webhooks: number }> => {
  const now = options.now ?? Date.now();
  const perMerchant = options.webhooksPerMerchant ?? 6;
  const merchants = await merchantsOf(db);
  let webhooks = 0;
  await db.transaction(async (tx) => {
    for (const m of merchants) {
      await insertLinks(tx, m, options.publicUrl, now);
      // The second merchant's receiver fails on purpose; every third answers 503 to refunds.
      const transactions = receiverUrl(options.publicUrl, m.index === 1 ? 'error' : 'ok');
      const refunds = receiverUrl(options.publicUrl, m.index % 3 === 2 ? 'unavailable' : 'ok');
      await tx.query(sql`update payment_profile set webhook_transaction_update = ${transactions}, webhook_refund_update = ${refunds},
          webhook_chargeback_update = ${receiverUrl(options.publicUrl, 'ok')} where merchant_id = ${m.id}`);
      // The latest payments and refunds of the merchant's first profile, reported as they are now.
      const recent = await tx.query<{
        id: string;
      }>(sql`select id from transaction where payment_profile_id = ${m.profile}
        and mode = 'live' order by created_at desc, id limit ${perMerchant}`);
      for (const { id } of recent) await notifyItem(tx, 'transaction', id);
      const refunded = await tx.query<{
        id: string;
      }>(sql`select r.id from refund r join transaction t on t.id = r.transaction_id
        where t.payment_profile_id = ${m.profile} and r.mode = 'live' order by r.created_at desc, r.id limit 2`);
      for (const { id } of refunded) await notifyItem(tx, 'refund', id);
      const cards = await tx.query<{ id: string }>(
        sql`select id from card_add_link where merchant_id = ${m.id} and status = 'DONE' order by created_at desc limit 1`,
      );
      for (const { id } of cards) await notifyItem(tx, 'cardlink', id);
      webhooks += recent.length + refunded.length + cards.length;
    }
    // Test mode: merchant@'s merchant gets a test link, and its latest test payment reports to its receiver.
    const [test] = await tx.query<{
      id: string;
      merchant_id: string;
      payment_profile_id: string;
      currency_code: string;
    }>(
      sql`select id, merchant_id, payment_profile_id, currency_code from transaction where mode = 'test' order by created_at desc, id limit 1`,
    );
    if (test) {
      const key = token();
      await tx.query(sql`insert into payment_link (id, organisation_id, merchant_id, payment_profile_id, token, url, amount, currency_code,
          description, merchant_reference, status, active, expires_at, created_at, updated_at, mode)
        values (${newId('pl', now)}, ${test.merchant_id}, ${test.merchant_id}, ${test.payment_profile_id}, ${key},
          ${`${options.publicUrl.replace(/\/$/, '')}/pay/${key}`}, 1000, ${test.currency_code}, 'Test link (demo)', 'TEST-LINK-1',
          'CREATED', true, ${new Date(now + 14 * DAY)}, ${new Date(now)}, ${new Date(now)}, 'test')`);
      await notifyItem(tx, 'transaction', test.id);
      webhooks += 1;
    }
  });
  return {
    links: merchants.length * (PAYMENT_LINKS.length + CARD_ADD_LINKS.length) + (webhooks > 0 ? 1 : 0),
    webhooks,
  };
};
