// `DATABASE_URL=… node --import tsx bench/settlement.ts [--transactions 1000000]`: a settlement run
// for one merchant over a month of N captured transactions (plus 1 % refunds and 0.1 % lost
// chargebacks) on PostgreSQL, in a scratch schema that is dropped afterwards. Issue 16 asks ≤ 10 s
// for 1,000,000. `--schema NAME` keeps the data in that schema instead (loaded once, reused by the
// next run after its settlement is undone), to profile the run again without loading again.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrate, sql } from '../apps/api/src/plugins/db/index.ts';
import { openPostgres } from '../apps/api/src/plugins/db/postgres.ts';
import { runSettlement } from '../apps/api/src/modules/finance/settlement.service.ts';

const { values: args } = parseArgs({
  options: { transactions: { type: 'string', default: '1000000' }, schema: { type: 'string' } },
});
const n = Number(args.transactions);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database');
if (args.schema && !/^[a-z_][a-z0-9_]*$/.test(args.schema)) throw new Error('--schema takes a lower-case SQL name');
const schema = args.schema ?? `bench_settlement_${randomBytes(4).toString('hex')}`;
const db = await openPostgres({ url, schema, max: 4 });
const kept = Boolean(args.schema);
const log = (line: string) => console.log(`[bench:settlement] ${line}`);
try {
  await migrate(db);
  const [loaded] = await db.query<{ n: number }>(sql`select count(*)::int as n from organisation where id = 'm1'`);
  if (loaded.n > 0) {
    // A kept schema: undo the last run's settlement and run it again on the same data.
    await db.exec(`delete from payout; delete from settlement_item; delete from settlement`);
    await db.exec(`vacuum analyze settlement_item`);
    log('reusing the loaded transactions');
  } else await load();
  const t0 = performance.now();
  const result = await runSettlement(db, { now: new Date('2026-11-02T00:00:00Z') });
  const seconds = (performance.now() - t0) / 1000;
  const [s] = await db.query<{ transaction_count: number; gross: number; fee: number; amount: number }>(
    sql`select transaction_count, gross, fee, amount from settlement where merchant_id = 'm1'`,
  );
  log(
    `settled ${result.settlements.length} period(s): ${s.transaction_count} payments, gross ${s.gross}, fees ${s.fee}, payout ${s.amount} — in ${seconds.toFixed(2)} s (goal ≤ 10 s)`,
  );
} finally {
  if (!kept) await db.exec(`drop schema if exists ${schema} cascade`).catch(() => undefined);
  await db.close();
}

async function load() {
  const start = '2026-10-01';
  await db.exec(`
    insert into organisation (id, type, path, name, features) values ('prov', 'provider', '/prov/', 'PSP', '{collecting}');
    insert into organisation (id, parent_id, merchant_id, type, path, name, country_code, features) values ('m1', 'prov', 'm1', 'merchant', '/prov/m1/', 'Largest', 'NL', '{collecting}');
    insert into payment_profile (id, organisation_id, merchant_id, name, display_name) values ('pp1', 'm1', 'm1', 'web', 'web');
    insert into pricing_scheme (id, organisation_id, type, name, rules) values ('psc1', 'prov', 'revenue', 'r', '[
      {"payment_product": null, "card_brand": null, "region": null, "currency_code": null, "fixed": 15, "percentage_bp": 120, "minimum": 0, "maximum": null},
      {"payment_product": "card", "card_brand": null, "region": "international", "currency_code": null, "fixed": 25, "percentage_bp": 290, "minimum": 0, "maximum": null},
      {"payment_product": "card", "card_brand": "visa", "region": "domestic", "currency_code": null, "fixed": 10, "percentage_bp": 140, "minimum": 0, "maximum": null},
      {"payment_product": "ideal", "card_brand": null, "region": null, "currency_code": null, "fixed": 29, "percentage_bp": 0, "minimum": 0, "maximum": null}]'::jsonb);
    insert into pricing_scheme (id, organisation_id, type, name, reserve_bp, reserve_days) values ('psc2', 'prov', 'reserve', 'res', 250, 30);
    insert into pricing_scheme (id, organisation_id, type, name, rules) values ('psc3', 'prov', 'cost', 'c', '[
      {"payment_product": null, "card_brand": null, "region": null, "currency_code": null, "fixed": 5, "percentage_bp": 30, "minimum": 0, "maximum": null},
      {"payment_product": "card", "card_brand": null, "region": "international", "currency_code": null, "fixed": 10, "percentage_bp": 180, "minimum": 0, "maximum": null},
      {"payment_product": "card", "card_brand": "visa", "region": null, "currency_code": null, "fixed": 5, "percentage_bp": 80, "minimum": 0, "maximum": null}]'::jsonb);
    insert into pricing_scheme (id, organisation_id, type, name, rules) values ('psc4', 'prov', 'partner', 'p', '[
      {"payment_product": null, "card_brand": null, "region": null, "currency_code": null, "fixed": 0, "percentage_bp": 10, "minimum": 0, "maximum": 500}]'::jsonb);
    insert into finance_package (id, organisation_id, name, revenue_scheme_id, reserve_scheme_id, cost_scheme_id, partner_scheme_id) values ('pkg1', 'prov', 'p', 'psc1', 'psc2', 'psc3', 'psc4');
    insert into settlement_schedule (id, organisation_id, name, interval, payout_delay_days) values ('ssc1', 'prov', 'monthly', 'monthly', 5);
    insert into bank_account (id, organisation_id, merchant_id, holder_name, iban) values ('ba1', 'm1', 'm1', 'Largest', 'NL91ABNA0417164300');
    insert into settlement_profile (id, organisation_id, merchant_id, package_id, settlement_schedule_id, bank_account_id, effective_from) values ('spf1', 'm1', 'm1', 'pkg1', 'ssc1', 'ba1', '${start}');
  `);
  const t0 = performance.now();
  await db.exec(`
    insert into transaction (id, organisation_id, merchant_id, payment_profile_id, merchant_reference, amount, currency_code, payment_product_type, card_brand, country_code, status, created_at, updated_at)
    select 'tx' || g, 'm1', 'm1', 'pp1', 'R' || g, 100 + (g::bigint * 7919) % 200000, 'EUR', (array['card','ideal','paypal','applepay'])[1 + g % 4],
      case when g % 4 = 0 then (array['visa','mastercard'])[1 + g % 2] end, (array['NL','NL','NL','BE','DE','US'])[1 + g % 6],
      case when g % 20 = 0 then 'DECLINED' else 'SETTLEMENT_COMPLETED' end,
      timestamptz '${start}' + (g % 2592000) * interval '1 second', now()
    from generate_series(1, ${n}) g;
    insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
    select 'rf' || g, 'm1', 'm1', 'tx' || g, 'pp1', 50, 'EUR', 'PROCESSED', timestamptz '${start}' + (g % 2592000) * interval '1 second' from generate_series(1, ${n}, 100) g;
    insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
    select 'cb' || g, 'm1', 'm1', 'tx' || g, 'pp1', 100, 'EUR', 'LOST', timestamptz '${start}' + (g % 2592000) * interval '1 second' from generate_series(1, ${n}, 1000) g;
    analyze;
  `);
  log(`loaded ${n} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
