import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGEBACK_REASON_CODES } from '@kassa/domain';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { sniffEvidenceType } from '../modules/payments/dispute.service.ts';
import { generateDemoWorld } from './world.ts';

const NOW = Date.UTC(2026, 10, 20, 14, 30);

describe('demo world generator', () => {
  describe('determinism', () => {
    it('makes the same ids, amounts and statuses for the same seed, and another world for another seed', async () => {
      const snapshot = async (seed: number) => {
        const db = await openTestDb();
        try {
          await generateDemoWorld(db, { seed, scale: 600, now: NOW });
          return {
            transactions: await db.query(
              // The generator's own rows: the demo's test payments and held payments go through the engine (random ids).
              sql`select id, amount, status, customer_id, refunded_amount from transaction
                where mode = 'live' and id not in (select transaction_id from review_case) order by id`,
            ),
            refunds: await db.query(sql`select id, transaction_id, amount, status from refund order by id`),
            customers: await db.query(sql`select id, email_address, postal_code from customer order by id`),
            users: await db.query(sql`select id, email from app_user order by id`),
          };
        } finally {
          await db.close();
        }
      };
      const first = await snapshot(42);
      const second = await snapshot(42);
      expect(first.transactions).toHaveLength(600);
      expect(second).toEqual(first);
      const other = await snapshot(43);
      expect(other.transactions.map((t) => t.id)).not.toEqual(first.transactions.map((t) => t.id));
    }, 180_000);
  });

  describe('a world of 5,000 transactions', () => {
    let db: Db;
    const one = async <T>(statement: ReturnType<typeof sql>) => (await db.query<T>(statement))[0];

    beforeAll(async () => {
      db = await openTestDb();
      const result = await generateDemoWorld(db, { seed: 7, scale: 5000, now: NOW });
      expect(result).toMatchObject({ created: true, transactions: 5000 });
    }, 180_000);
    afterAll(() => db.close());

    it('never refunds more than the transaction, and refunded_amount is the sum of its counted refunds', async () => {
      const row = await one<{ refunds: number; over: number; mismatched: number }>(sql`
        select (select count(*)::int from refund) as refunds,
          (select count(*)::int from transaction t where t.refunded_amount > t.amount
            or (select coalesce(sum(r.amount), 0) from refund r where r.transaction_id = t.id) > t.amount) as over,
          (select count(*)::int from transaction t where t.refunded_amount <> (select coalesce(sum(r.amount), 0) from refund r
            where r.transaction_id = t.id and r.status in ('PROCESSED', 'PENDING', 'HOLD', 'UNKNOWN'))) as mismatched`);
      expect(row.refunds).toBeGreaterThan(50);
      expect(row.over).toBe(0);
      expect(row.mismatched).toBe(0);
      const kinds = await one<{
        full: number;
        partial: number;
      }>(sql`select count(*) filter (where r.amount = t.amount)::int as full,
        count(*) filter (where r.amount < t.amount)::int as partial from refund r join transaction t on t.id = r.transaction_id`);
      expect(kinds.full).toBeGreaterThan(0);
      expect(kinds.partial).toBeGreaterThan(0);
    });

    it('has statuses in the proportions a PSP sees, and recent payments still in flight', async () => {
      const rows = await db.query<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from transaction group by status`,
      );
      const share = (status: string) => (rows.find((r) => r.status === status)?.n ?? 0) / 5000;
      expect(share('SETTLEMENT_COMPLETED')).toBeGreaterThan(0.75);
      expect(share('DECLINED')).toBeGreaterThan(0.04);
      expect(share('DECLINED')).toBeLessThan(0.08);
      expect(share('FAILED')).toBeGreaterThan(0.01);
      expect(share('FAILED')).toBeLessThan(0.035);
      expect(share('ABANDONED')).toBeGreaterThan(0.035);
      expect(share('ABANDONED')).toBeLessThan(0.07);
      expect(share('CANCELLED')).toBeGreaterThan(0);
      const recent = await one<{ settled: number; inflight: number }>(sql`select
        count(*) filter (where status = 'SETTLEMENT_COMPLETED')::int as settled,
        count(*) filter (where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'PENDING', 'INITIATED'))::int as inflight
        from transaction where created_at > ${new Date(NOW - 12 * 3_600_000)}`);
      expect(recent.inflight).toBeGreaterThan(0);
      const flags = await one<{
        blocked: number;
        blockedNotFailed: number;
        tagged: number;
      }>(sql`select count(*) filter (where blocked)::int as blocked,
        count(*) filter (where blocked and status <> 'FAILED')::int as "blockedNotFailed", count(*) filter (where tags <> '{}')::int as tagged from transaction`);
      expect(flags.blocked).toBeGreaterThan(0);
      expect(flags.blockedNotFailed).toBe(0);
      expect(flags.tagged).toBeGreaterThan(0);
    });

    it('writes a status history from INITIATED to the current status, in time order', async () => {
      const rows = await db.query<{
        status: string;
        status_history: { status: string; at: string }[];
        created_at: Date;
      }>(sql`select status, status_history, created_at from transaction order by id limit 500`);
      for (const row of rows) {
        const history = row.status_history;
        expect(history[0].status).toBe('INITIATED');
        expect(new Date(history[0].at).getTime()).toBe(row.created_at.getTime());
        expect(history.at(-1)?.status).toBe(row.status);
        const times = history.map((h) => new Date(h.at).getTime());
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        expect(times.at(-1)).toBeLessThanOrEqual(NOW);
      }
    });

    it('stores only BIN and last four of cards, across several products and brands', async () => {
      const cards = await one<{ bad: number; cards: number; brands: number; products: number }>(sql`select
        count(*) filter (where payment_product_type = 'card' and (card_bin !~ '^[0-9]{6}$' or card_last4 !~ '^[0-9]{4}$'))::int as bad,
        count(*) filter (where payment_product_type = 'card')::int as cards,
        count(distinct card_brand)::int as brands, count(distinct payment_product_type)::int as products from transaction`);
      expect(cards).toMatchObject({ bad: 0, brands: 4, products: 6 });
      expect(cards.cards).toBeGreaterThan(500);
    });

    it('gives chargebacks known reason codes and the statuses of a dispute', async () => {
      const rows = await db.query<{
        reason_code: string;
        reason: string;
        status: string;
        amount: number;
        tx_amount: number;
      }>(sql`
        select c.reason_code, c.reason, c.status, c.amount, t.amount as tx_amount from chargeback c join transaction t on t.id = c.transaction_id`);
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(CHARGEBACK_REASON_CODES[row.reason_code as keyof typeof CHARGEBACK_REASON_CODES]).toBe(row.reason);
        expect(row.amount).toBeLessThanOrEqual(row.tx_amount);
      }
      expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(3);
    });

    it('gives the largest merchant disputes in every state, with evidence files, decided over months', async () => {
      const rows = await db.query<{
        status: string;
        outcome: string | null;
        files: number;
        months: number;
        unresolved: number;
      }>(sql`
        select c.status, c.response_outcome as outcome, count(distinct ev.id)::int as files,
          count(distinct to_char(c.resolved_at, 'YYYY-MM'))::int as months,
          count(*) filter (where c.status in ('WON', 'LOST') and c.resolved_at is null)::int as unresolved
        from chargeback c join app_user u on u.organisation_id = c.organisation_id and u.email = 'merchant@kassa.test'
          left join dispute_evidence ev on ev.chargeback_id = c.id
        where c.due_at is not null group by 1, 2 order by 1, 2`);
      const states = rows.map((r) => `${r.status}:${r.outcome ?? '-'}`);
      expect(states).toEqual(
        expect.arrayContaining([
          'OPEN:-',
          'IN_DISPUTE:submitted',
          'WON:submitted',
          'LOST:submitted',
          'LOST:accepted',
          'LOST:expired',
        ]),
      );
      const of = (state: string) => rows.find((r) => `${r.status}:${r.outcome ?? '-'}` === state)!;
      expect(of('WON:submitted').files).toBeGreaterThanOrEqual(5);
      expect(of('LOST:submitted').files).toBeGreaterThan(0);
      expect(of('WON:submitted').months + of('LOST:submitted').months).toBeGreaterThanOrEqual(6);
      expect(rows.reduce((n, r) => n + r.unresolved, 0)).toBe(0);
      // Files as an upload would have stored them: their content is what their type says.
      const files = await db.query<{ content_type: string; content: Uint8Array }>(
        sql`select content_type, content from dispute_evidence`,
      );
      for (const file of files) expect(sniffEvidenceType(Buffer.from(file.content))).toBe(file.content_type);
    });

    it('keeps customers, profiles and transactions in the same organisation, customers older than their payments', async () => {
      const row = await one<{ foreign: number; early: number; gbp: number; eur: number }>(sql`select
        count(*) filter (where c.organisation_id <> t.organisation_id)::int as foreign,
        count(*) filter (where c.created_at > t.created_at)::int as early,
        (select count(*)::int from transaction where currency_code = 'GBP') as gbp,
        (select count(*)::int from transaction where currency_code = 'EUR') as eur
        from transaction t join customer c on c.id = t.customer_id`);
      expect(row).toMatchObject({ foreign: 0, early: 0 });
      expect(row.eur).toBeGreaterThan(row.gbp * 5);
      expect(row.gbp).toBeGreaterThan(0);
      const segments = await db.query<{ segment: string }>(sql`select distinct segment from customer`);
      expect(segments.map((s) => s.segment)).toEqual(
        expect.arrayContaining(['champions', 'loyal', 'at_risk', 'new', 'hibernating']),
      );
      const settlements = await one<{ n: number; profiles: number; all: number }>(sql`select count(*)::int as n,
        count(distinct payment_profile_id)::int as profiles, (select count(*)::int from payment_profile) as all from settlement`);
      expect(settlements.profiles).toBe(settlements.all);
      expect(settlements.n).toBeGreaterThan(300);
    });

    it('settles the last weeks of collecting merchants with the settlement engine, each settlement the sum of its items', async () => {
      const row = await one<{
        engine: number;
        merchants: number;
        bad: number;
        uncollecting: number;
        payouts: number;
        items: number;
      }>(sql`select
        count(*)::int as engine, count(distinct merchant_id)::int as merchants,
        count(*) filter (where amount <> (select coalesce(sum(i.amount - i.fee), 0) from settlement_item i where i.settlement_id = s.id))::int as bad,
        count(*) filter (where not exists (select 1 from organisation o where o.id = s.merchant_id and 'collecting' = any(o.features)))::int as uncollecting,
        (select count(*)::int from payout) as payouts, (select count(*)::int from settlement_item where kind = 'payment') as items
        from settlement s where s.settlement_profile_id is not null`);
      expect(row).toMatchObject({ merchants: 3, bad: 0, uncollecting: 0 });
      expect(row.engine).toBeGreaterThan(20);
      expect(row.payouts).toBeGreaterThan(20);
      expect(row.items).toBeGreaterThan(100);
    });
  });
});
