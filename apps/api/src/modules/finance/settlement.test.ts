import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basisPointsOf, feeOf, regionOf, ZFeeRule, type TFeeRule } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { sql, type Db } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { insertSettlementMerchant, type SettlementMerchant } from './settlement.fixtures.ts';
import { runSettlement } from './settlement.service.ts';

const DAY = 86_400_000;
/** A Monday, 00:00 UTC: the first weekly period of every merchant here. */
const W0 = Date.UTC(2026, 0, 5);
const WEEKS = 3;
const NOW = new Date(W0 + WEEKS * 7 * DAY + 3 * DAY);

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;
let b: Caller;
let scheduleId: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id})`,
  );
  ({ provider, a, b } = await signInTestUsers(t.app, TEST_PASSWORD));
  scheduleId = newId('ssc');
  await t.db.query(
    sql`insert into settlement_schedule (id, organisation_id, name, interval, payout_delay_days) values (${scheduleId}, ${world.provider.id}, 'Weekly', 'weekly', 2)`,
  );
});
afterAll(() => t.close());

type Tx = {
  amount: number;
  product: string;
  brand: string | null;
  country: string | null;
  captured: boolean;
  at: number;
  refund: number;
  refundProcessed: boolean;
  chargeback: number;
  chargebackLost: boolean;
};
type Merchant = SettlementMerchant;

/** A fresh collecting merchant with its own scheme, package and profile, so each case settles alone. */
type Pricing = { rules: TFeeRule[]; cost?: TFeeRule[] | null; partner?: TFeeRule[] | null };
const newMerchant = (
  db: Db,
  pricing: TFeeRule[] | Pricing,
  reserve: { bp: number; days: number } | null,
  minimumPayout = 0,
): Promise<Merchant> => {
  const { rules, cost = null, partner = null } = Array.isArray(pricing) ? { rules: pricing } : pricing;
  return insertSettlementMerchant(db, world.provider.id, {
    rules,
    costRules: cost,
    partnerRules: partner,
    reserve,
    minimumPayout,
    effectiveFrom: new Date(W0),
  });
};

const insertTransactions = async (db: Db, m: Merchant, txs: Tx[]) => {
  for (const [i, tx] of txs.entries()) {
    const id = newId('tx', tx.at);
    const at = new Date(tx.at);
    await db.query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, merchant_reference, amount, currency_code, payment_product_type, card_brand, country_code, status, created_at, updated_at)
      values (${id}, ${m.id}, ${m.id}, ${m.paymentProfileId}, ${`R${i}`}, ${tx.amount}, 'EUR', ${tx.product}, ${tx.brand}, ${tx.country}, ${tx.captured ? 'SETTLEMENT_COMPLETED' : 'DECLINED'}, ${at}, ${at})`);
    if (tx.refund > 0) {
      await db.query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
        values (${newId('rf')}, ${m.id}, ${m.id}, ${id}, ${m.paymentProfileId}, ${tx.refund}, 'EUR', ${tx.refundProcessed ? 'PROCESSED' : 'PENDING'}, ${new Date(tx.at + DAY)})`);
    }
    if (tx.chargeback > 0) {
      await db.query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
        values (${newId('cb')}, ${m.id}, ${m.id}, ${id}, ${m.paymentProfileId}, ${tx.chargeback}, 'EUR', ${tx.chargebackLost ? 'LOST' : 'WON'}, ${new Date(tx.at + 2 * DAY)})`);
    }
  }
};

type Settled = {
  period_start: Date;
  amount: number;
  gross: number;
  refunded: number;
  chargebacks: number;
  fee: number;
  cost: number;
  commission: number;
  reserve: number;
  reserve_released: number;
  one_offs: number;
  status: string;
};

/** The expected settlements, computed over the raw rows without the engine's SQL. */
const expectedSettlements = (
  txs: Tx[],
  pricing: Required<Pricing>,
  reserve: { bp: number; days: number } | null,
  oneOffs: { amount: number; day: number }[],
  minimumPayout: number,
) => {
  const out: {
    amount: number;
    gross: number;
    fee: number;
    cost: number;
    commission: number;
    refunded: number;
    chargebacks: number;
    reserve: number;
    released: number;
    oneOffs: number;
  }[] = [];
  let carry = 0;
  for (let w = 0; w < WEEKS; w++) {
    const start = W0 + w * 7 * DAY;
    const end = start + 7 * DAY;
    const inWeek = (at: number) => at >= start && at < end;
    const paid = txs.filter((tx) => tx.captured && inWeek(tx.at));
    const gross = paid.reduce((s, tx) => s + tx.amount, 0);
    const priced = (rules: TFeeRule[] | null) =>
      paid.reduce(
        (s, tx) =>
          s +
          feeOf(
            {
              amount: tx.amount,
              payment_product: tx.product,
              card_brand: tx.brand,
              region: regionOf(tx.country, 'NL'),
              currency_code: 'EUR',
            },
            rules ?? [],
          ),
        0,
      );
    const fee = priced(pricing.rules);
    const refunded = txs
      .filter((tx) => tx.refund > 0 && tx.refundProcessed && inWeek(tx.at + DAY))
      .reduce((s, tx) => s + tx.refund, 0);
    const chargebacks = txs
      .filter((tx) => tx.chargeback > 0 && tx.chargebackLost && inWeek(tx.at + 2 * DAY))
      .reduce((s, tx) => s + tx.chargeback, 0);
    const held = reserve && gross > 0 ? basisPointsOf(gross, reserve.bp) : 0;
    const released = reserve
      ? out.filter((_, i) => W0 + (i + 1) * 7 * DAY + reserve.days * DAY <= end).reduce((s, o) => s + o.reserve, 0) -
        out.reduce((s, o) => s + o.released, 0)
      : 0;
    const due = oneOffs
      .filter((o) => W0 + o.day * DAY < end && (w === 0 || W0 + o.day * DAY >= start))
      .reduce((s, o) => s + o.amount, 0);
    const amount = gross - fee - refunded - chargebacks - held + released + due + carry;
    out.push({
      amount,
      gross,
      fee,
      cost: priced(pricing.cost),
      commission: priced(pricing.partner),
      refunded,
      chargebacks,
      reserve: held,
      released,
      oneOffs: due + carry,
    });
    carry = amount > 0 && amount >= minimumPayout ? 0 : amount;
  }
  return out;
};

const settledOf = (db: Db, merchantId: string) =>
  db.query<Settled>(
    sql`select period_start, amount, gross, refunded, chargebacks, fee, cost, commission, reserve, reserve_released, one_offs, status from settlement where merchant_id = ${merchantId} order by period_start`,
  );

const arbRule = fc
  .record({
    payment_product: fc.constantFrom(null, 'card', 'ideal'),
    card_brand: fc.constantFrom(null, 'visa', 'mastercard'),
    region: fc.constantFrom(null, 'domestic', 'eea', 'international'),
    fixed: fc.integer({ min: 0, max: 500 }),
    percentage_bp: fc.integer({ min: 0, max: 500 }),
    minimum: fc.integer({ min: 0, max: 100 }),
    maximum: fc.option(fc.integer({ min: 100, max: 5000 }), { nil: null }),
  })
  .map((rule) => ZFeeRule.parse(rule));

const arbTx = fc.record({
  amount: fc.integer({ min: 0, max: 2_000_000 }),
  product: fc.constantFrom('card', 'ideal', 'paypal'),
  brand: fc.constantFrom(null, 'visa', 'mastercard'),
  country: fc.constantFrom(null, 'NL', 'BE', 'US'),
  captured: fc.boolean(),
  at: fc.integer({ min: W0 - 2 * DAY, max: W0 + (WEEKS + 1) * 7 * DAY }),
  refund: fc.integer({ min: 0, max: 5000 }),
  refundProcessed: fc.boolean(),
  chargeback: fc.constantFrom(0, 0, 0, 1500),
  chargebackLost: fc.boolean(),
});

describe('settlement runs', () => {
  it('settles each period to the cent as an independent computation over the raw rows says (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbRule, { maxLength: 4 }),
        fc.option(fc.array(arbRule, { maxLength: 3 }), { nil: null }),
        fc.option(fc.array(arbRule, { maxLength: 2 }), { nil: null }),
        fc.array(arbTx, { maxLength: 14 }),
        fc.option(fc.record({ bp: fc.integer({ min: 1, max: 2000 }), days: fc.constantFrom(0, 7, 14) }), { nil: null }),
        fc.array(
          fc.record({
            amount: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
            day: fc.integer({ min: -3, max: 25 }),
          }),
          { maxLength: 3 },
        ),
        fc.constantFrom(0, 0, 100_000),
        async (rules, cost, partner, txs, reserve, oneOffs, minimumPayout) => {
          const m = await newMerchant(t.db, { rules, cost, partner }, reserve, minimumPayout);
          await insertTransactions(t.db, m, txs);
          for (const o of oneOffs) {
            await t.db.query(
              sql`insert into one_off (id, organisation_id, merchant_id, description, amount, effective_date) values (${newId('oof')}, ${m.id}, ${m.id}, 'x', ${o.amount}, ${new Date(W0 + o.day * DAY).toISOString().slice(0, 10)})`,
            );
          }
          await runSettlement(t.db, { now: NOW, merchantId: m.id });
          const settled = await settledOf(t.db, m.id);
          const expected = expectedSettlements(txs, { rules, cost, partner }, reserve, oneOffs, minimumPayout);
          expect(
            settled.map((s) => ({
              amount: s.amount,
              gross: s.gross,
              fee: s.fee,
              cost: s.cost,
              commission: s.commission,
              refunded: s.refunded,
              chargebacks: s.chargebacks,
              reserve: s.reserve,
              released: s.reserve_released,
              oneOffs: s.one_offs,
            })),
          ).toEqual(expected);
          // Every settlement equals the sum of its items (and so do its cost and commission), and every payout is the settlement's amount.
          const [check] = await t.db.query<{ bad: number; twice: number; payouts: number; paid: number }>(sql`select
            (select count(*)::int from settlement s where s.merchant_id = ${m.id} and (s.amount, s.cost, s.commission) <> (select coalesce(sum(i.amount - i.fee), 0), coalesce(sum(i.cost), 0), coalesce(sum(i.commission), 0) from settlement_item i where i.settlement_id = s.id)) as bad,
            (select count(*)::int from (select transaction_id from settlement_item where merchant_id = ${m.id} and kind = 'payment' group by transaction_id having count(*) > 1) d) as twice,
            (select coalesce(sum(amount), 0)::bigint from payout where merchant_id = ${m.id}) as payouts,
            (select coalesce(sum(amount), 0)::bigint from settlement where merchant_id = ${m.id} and status <> 'CARRIED') as paid`);
          expect(check).toEqual({ bad: 0, twice: 0, payouts: check.paid, paid: check.paid });
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);

  it('rounds each percentage fee half up to a whole cent, and keeps it within minimum and maximum', async () => {
    const rules = [
      ZFeeRule.parse({ payment_product: 'card', percentage_bp: 50 }),
      ZFeeRule.parse({ payment_product: 'ideal', fixed: 10, percentage_bp: 1000, minimum: 30, maximum: 500 }),
    ];
    const m = await newMerchant(t.db, rules, null);
    const base = {
      brand: null,
      country: 'NL',
      captured: true,
      refund: 0,
      refundProcessed: false,
      chargeback: 0,
      chargebackLost: false,
    };
    // card: 100 × 0.5 % = 0.5 → 1; 99 × 0.5 % = 0.495 → 0; 301 × 0.5 % = 1.505 → 2. ideal: 10 + 10 % of 50 = 15 → minimum 30; 10 + 10 % of 10 000 = 1 010 → maximum 500.
    await insertTransactions(
      t.db,
      m,
      [100, 99, 301]
        .map((amount, i) => ({ ...base, amount, product: 'card', at: W0 + i * 1000 }))
        .concat([50, 10_000].map((amount, i) => ({ ...base, amount, product: 'ideal', at: W0 + 10_000 + i * 1000 }))),
    );
    await runSettlement(t.db, { now: NOW, merchantId: m.id });
    const fees = await t.db.query<{ amount: number; fee: number }>(
      sql`select amount, fee from settlement_item where merchant_id = ${m.id} and kind = 'payment' order by created_at`,
    );
    expect(fees).toEqual([
      { amount: 100, fee: 1 },
      { amount: 99, fee: 0 },
      { amount: 301, fee: 2 },
      { amount: 50, fee: 30 },
      { amount: 10_000, fee: 500 },
    ]);
  });

  it('deducts a chargeback in the period it was lost, once, even when the week it opened is settled already', async () => {
    const m = await newMerchant(t.db, [], null);
    await insertTransactions(t.db, m, [
      {
        amount: 5_000,
        product: 'card',
        brand: 'visa',
        country: 'NL',
        captured: true,
        at: W0 + DAY,
        refund: 0,
        refundProcessed: false,
        chargeback: 0,
        chargebackLost: false,
      },
    ]);
    const [{ id: tx }] = await t.db.query<{ id: string }>(sql`select id from transaction where merchant_id = ${m.id}`);
    // Opened in week 1 (and still open when week 1 is settled), lost in week 2.
    const chargeback = newId('cb');
    await t.db
      .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
      values (${chargeback}, ${m.id}, ${m.id}, ${tx}, ${m.paymentProfileId}, 5000, 'EUR', 'IN_DISPUTE', ${new Date(W0 + 3 * DAY)})`);
    await runSettlement(t.db, { now: new Date(W0 + 8 * DAY), merchantId: m.id });
    await t.db.query(
      sql`update chargeback set status = 'LOST', resolved_at = ${new Date(W0 + 9 * DAY)} where id = ${chargeback}`,
    );
    await runSettlement(t.db, { now: new Date(W0 + 15 * DAY), merchantId: m.id });
    await runSettlement(t.db, { now: NOW, merchantId: m.id });
    const settled = (await settledOf(t.db, m.id)).filter((s) => Number(s.gross) || Number(s.chargebacks));
    expect(
      settled.map((s) => [s.period_start.toISOString().slice(0, 10), Number(s.gross), Number(s.chargebacks)]),
    ).toEqual([
      ['2026-01-05', 5_000, 0],
      ['2026-01-12', 0, 5_000],
    ]);
  });

  it('settles each transaction once when runs repeat and race', async () => {
    const rules = [ZFeeRule.parse({ fixed: 10, percentage_bp: 150 })];
    const m = await newMerchant(t.db, rules, null);
    const txs: Tx[] = Array.from({ length: 30 }, (_, i) => ({
      amount: 1000 + i,
      product: 'card',
      brand: 'visa',
      country: 'NL',
      captured: true,
      at: W0 + i * 12 * 3_600_000,
      refund: 0,
      refundProcessed: false,
      chargeback: 0,
      chargebackLost: false,
    }));
    await insertTransactions(t.db, m, txs);
    const runs = await Promise.all([1, 2, 3, 4].map(() => runSettlement(t.db, { now: NOW, merchantId: m.id })));
    const again = await runSettlement(t.db, { now: NOW, merchantId: m.id });
    expect(runs.flatMap((r) => r.settlements)).toHaveLength(WEEKS);
    expect(again.settlements).toEqual([]);
    const [row] = await t.db.query<{
      items: number;
      distinct: number;
      settlements: number;
      gross: number;
    }>(sql`select count(*)::int as items, count(distinct source_id)::int as distinct,
      (select count(*)::int from settlement where merchant_id = ${m.id}) as settlements, (select sum(gross)::bigint from settlement where merchant_id = ${m.id}) as gross
      from settlement_item where merchant_id = ${m.id}`);
    const captured = txs.filter((tx) => tx.at < W0 + WEEKS * 7 * DAY);
    expect(row).toEqual({
      items: captured.length,
      distinct: captured.length,
      settlements: WEEKS,
      gross: captured.reduce((s, tx) => s + tx.amount, 0),
    });
  });

  it('runs from the API for one merchant: lines that add up, a payout to its account, items exported as CSV', async () => {
    const account = (
      await callAs(t.app, a, 'POST', '/v1/bankaccount', { holder_name: 'Shop A', iban: 'NL91ABNA0417164300' })
    ).body;
    const scheme = (
      await callAs(t.app, provider, 'POST', '/v1/pricing/revenue', {
        name: 'A',
        rules: [{ fixed: 25, percentage_bp: 100 }],
      })
    ).body;
    // The provider's own side: what the payments cost it and the partner's share.
    const cost = (
      await callAs(t.app, provider, 'POST', '/v1/pricing/cost', {
        name: 'Acquirer',
        rules: [{ fixed: 5, percentage_bp: 50 }],
      })
    ).body;
    const partner = (
      await callAs(t.app, provider, 'POST', '/v1/pricing/partner', { name: 'Reseller', rules: [{ percentage_bp: 20 }] })
    ).body;
    const pkg = (
      await callAs(t.app, provider, 'POST', '/v1/package', {
        name: 'A',
        revenue_scheme: scheme.id,
        cost_scheme: cost.id,
        partner_scheme: partner.id,
      })
    ).body;
    const profile = await callAs(t.app, provider, 'POST', '/v1/settlement-profile', {
      organisation: world.shopA.id,
      package: pkg.id,
      settlement_schedule: scheduleId,
      bank_account: account.id,
      effective_from: '2026-01-05',
    });
    expect(profile.status).toBe(201);
    await insertTransactions(
      t.db,
      { id: world.shopA.id, profileId: profile.body.id, paymentProfileId: world.profileA },
      [
        {
          amount: 10_000,
          product: 'card',
          brand: 'visa',
          country: 'NL',
          captured: true,
          at: W0 + DAY,
          refund: 2_500,
          refundProcessed: true,
          chargeback: 0,
          chargebackLost: false,
        },
        {
          amount: 4_000,
          product: 'ideal',
          brand: null,
          country: 'NL',
          captured: true,
          at: W0 + 2 * DAY,
          refund: 0,
          refundProcessed: false,
          chargeback: 0,
          chargebackLost: false,
        },
      ],
    );
    await callAs(t.app, provider, 'POST', '/v1/one-off', {
      organisation: world.shopA.id,
      description: '-Setup fee',
      amount: -1_000,
      effective_date: '2026-01-06',
    });
    const run = await callAs(t.app, provider, 'POST', '/v1/settlement/run', {
      organisation: world.shopA.id,
      until: NOW.toISOString(),
    });
    expect(run.status).toBe(200);
    expect(run.body.settlements).toHaveLength(WEEKS);
    expect(
      errorPaths((await callAs(t.app, provider, 'POST', '/v1/settlement/run', { until: '2999-01-01T00:00:00Z' })).body),
    ).toEqual(['body.until']);
    // Merchants see their own settlement; fees 125 + 65, refund 2 500, one-off −1 000.
    const [first] = (
      await callAs(
        t.app,
        a,
        'GET',
        '/v1/settlement?settlement_profile=' + profile.body.id + '&_sort=period_start&_populate=bank_account',
      )
    ).body;
    expect(first).toMatchObject({
      gross: 14_000,
      fee: 190,
      refunded: 2_500,
      one_offs: -1_000,
      amount: 10_310,
      status: 'PAID',
      bank_account: { iban: 'NL91ABNA0417164300' },
    });
    // Cost 5 + 0.5 %: 55 + 25; commission 0.2 %: 20 + 8; margin 190 − 80 − 28. Only provider staff see them.
    expect(first).not.toHaveProperty('cost');
    expect((await callAs(t.app, provider, 'GET', `/v1/psp/settlement-report/${first.id}`)).body).toMatchObject({
      fee: 190,
      cost: 80,
      commission: 28,
      margin: 82,
      amount: 10_310,
    });
    expect(
      (await callAs(t.app, provider, 'GET', `/v1/psp/settlement-report?organisation=${world.shopA.id}&margin=82`)).body,
    ).toHaveLength(1);
    expect((await callAs(t.app, a, 'GET', `/v1/psp/settlement-report/${first.id}`)).status).toBe(403);
    const lines = (await callAs(t.app, a, 'GET', `/v1/settlement/${first.id}/lines`)).body as { net: number }[];
    expect(lines.reduce((s, l) => s + l.net, 0)).toBe(10_310);
    expect((await callAs(t.app, a, 'GET', `/v1/payout?settlement=${first.id}`)).body).toMatchObject([
      { amount: 10_310, status: 'PAID', bank_account: account.id, pay_date: '2026-01-14' },
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/settlement-item/export?settlement=${first.id}&_sort=id&_fields=kind,source,amount,fee`,
      headers: a as Record<string, string>,
    });
    expect(csv.body.trim().split(/\r?\n/)).toEqual(
      expect.arrayContaining([
        'kind,source,amount,fee',
        expect.stringMatching(/^refund,rf_\w+,-2500,0$/),
        expect.stringMatching(/^one_off,oof_\w+,-1000,0$/),
      ]),
    );
    // The statement as a PDF, read back with PDF.js: header, lines and the total in the user's language.
    const pdf = async (lang: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/settlement/${first.id}/pdf?_lang=${lang}`,
        headers: a as Record<string, string>,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      return pdfText(response.rawPayload);
    };
    const nl = await pdf('nl');
    expect(nl).toEqual(
      expect.arrayContaining([
        'Uitbetalingsrapport',
        'Periode 05-01-2026 – 11-01-2026',
        'Uit te betalen € 103,10',
        'Totaal van de regels € 103,10',
      ]),
    );
    expect(nl).toEqual(
      expect.arrayContaining([
        'Bruto € 140,00',
        'Kosten € -1,90',
        expect.stringMatching(/^Betalingen Kaart 1 € 100,00 € -1,25 € 98,75$/),
        expect.stringMatching(/^Terugbetalingen Kaart 1 € -25,00 € 0,00 € -25,00$/),
        'Eenmalige posten 1 € -10,00 € 0,00 € -10,00',
      ]),
    );
    expect(nl.join('\n')).toContain('Uitbetaald op 14-01-2026 naar NL91 ABNA 0417 1643 00');
    const en = await pdf('en-US');
    expect(en).toEqual(
      expect.arrayContaining([
        'Settlement report',
        'Period 01/05/2026 – 01/11/2026',
        'Payout €103.10',
        'Total of the lines €103.10',
        'Fees -€1.90',
      ]),
    );
    expect(errorPaths((await callAs(t.app, a, 'GET', `/v1/settlement/${first.id}/pdf?_lang=de`)).body)).toEqual([
      'querystring._lang',
    ]);
    // Another merchant sees none of it.
    expect((await callAs(t.app, b, 'GET', `/v1/settlement/${first.id}/pdf`)).status).toBe(403);
    expect((await callAs(t.app, b, 'GET', `/v1/settlement/${first.id}/lines`)).status).toBe(403);
    expect((await callAs(t.app, a, 'POST', '/v1/settlement/run', {})).status).toBe(403);

    // The daily report of the same days, from the rollup: its captured volume is the settlement's gross.
    const daily = await callAs(t.app, a, 'GET', '/v1/report/daily?day>=2026-01-05&day<=2026-01-11');
    expect(daily.body).toEqual([
      { day: '2026-01-07', currency_code: 'EUR', count: 1, captured_count: 1, captured_volume: 4_000 },
      { day: '2026-01-06', currency_code: 'EUR', count: 1, captured_count: 1, captured_volume: 10_000 },
    ]);
    expect(daily.body.reduce((sum: number, row: { captured_volume: number }) => sum + row.captured_volume, 0)).toBe(
      first.gross,
    );
    expect(
      errorPaths((await callAs(t.app, a, 'GET', '/v1/report/daily?day>=2026-02-01&day<=2026-01-01')).body),
    ).toEqual(['querystring.day>']);
    expect((await callAs(t.app, b, 'GET', '/v1/report/daily')).status).toBe(403);
  });
});
