// Runs on both engines: issue 34 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller } from '../../test/call.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { feeParts } from './contract.ts';
import { decimal } from './formats/format.ts';
import { findProcessorSettlement, reportMissing } from './reconciliation.repository.ts';

/**
 * Issue 34 item 5 and 6: a merchant's payout against the acquirer's money (expected, paid in, the
 * difference as 0 or the exceptions that explain it), the dashboard's match rate and fee deviation,
 * and the merchant's read of it (its own payouts only).
 */
let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;
let b: Caller;
/** A processor settlement of its own acquirer (`payoutbank`): its files and figures are this file's alone. */
let settlementId: string;
let processorId: string;

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The payments were sent for settlement six days ago and the acquirer's file is of that day. */
const SENT = today - 6 * DAY + 3_600_000;
const D = dayString(SENT);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  settlementId = newId('prc');
  processorId = newId('prc');
  await t.db
    .query(sql`insert into processor (id, organisation_id, name, type, provider, processor_settlement_type, last)
    values (${settlementId}, ${world.provider.id}, 'Payoutbank settlement reports', 'processorsettlement', 'payoutbank', 'sandbox', ${new Date(today)})`);
  await t.db.query(sql`insert into processor (id, organisation_id, name, provider, payment_product)
    values (${processorId}, ${world.provider.id}, 'Payoutbank cards', 'payoutbank', 'card')`);
  // The settlement report is a collecting provider's and merchant's.
  await t.db.query(
    sql`update organisation set features = array_append(features, 'collecting') where id = any(${[world.provider.id, world.shopA.id, world.shopB.id]})`,
  );
});
afterAll(() => t.close());

type Payment = { id: string; reference: string; merchantReference: string; amount: number };

const payment = async (amount: number, shop: 'A' | 'B' = 'A'): Promise<Payment> => {
  const id = newId('tx');
  const org = shop === 'A' ? world.shopA : world.shopB;
  const profile = shop === 'A' ? world.profileA : world.profileB;
  const reference = `pb_${id.slice(-10)}`;
  const merchantReference = `payout-${id.slice(-8)}`;
  const at = new Date(SENT).toISOString();
  const history = JSON.stringify([
    { status: 'AUTHORIZED', at },
    { status: 'SETTLEMENT_REQUESTED', at },
  ]);
  await t.db
    .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, merchant_reference, amount, currency_code,
      payment_product_type, status, processor_id_external, status_history, created_at, updated_at, mode)
    values (${id}, ${org.id}, ${org.merchantId}, ${profile}, ${processorId}, ${merchantReference}, ${amount}, 'EUR', 'card',
      'SETTLEMENT_REQUESTED', ${reference}, ${history}::jsonb, ${new Date(SENT)}, ${new Date(SENT)}, 'live')`);
  return { id, reference, merchantReference, amount };
};

const expectedNet = (amount: number) => {
  const f = feeParts(amount);
  return amount - f.interchange - f.schemeFee - f.markup;
};

/** A sandbox-format line as the acquirer reports it; `interchange` off by a cent makes a fee difference. */
const line = (p: Payment, interchangeOff = 0) => {
  const f = feeParts(p.amount);
  const interchange = f.interchange + interchangeOff;
  return [
    'PAYMENT',
    '7001',
    D,
    p.reference,
    p.merchantReference,
    '',
    'EUR',
    decimal(p.amount),
    decimal(interchange),
    decimal(f.schemeFee),
    decimal(f.markup),
    decimal(p.amount - interchange - f.schemeFee - f.markup),
  ].join(',');
};
const HEADER =
  'record_type,batch_number,settlement_date,acquirer_reference,merchant_reference,transaction_date,currency,gross_amount,interchange,scheme_fee,markup,net_amount';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

const upload = async (content: string, fileName: string) => {
  const answer = await callAs(t.app, provider, 'POST', '/v1/psp/settlementfile', {
    processor_settlement: settlementId,
    file_name: fileName,
    content,
  });
  expect(answer.status).toBe(201);
  return answer.body.file as { id: string };
};

/** A merchant settlement (payout) of shop A (or B) holding `payments`, as the settlement engine writes it. */
const payout = async (payments: Payment[], shop: 'A' | 'B' = 'A') => {
  const org = shop === 'A' ? world.shopA : world.shopB;
  const id = newId('stl');
  const gross = payments.reduce((sum, p) => sum + p.amount, 0);
  await t.db
    .query(sql`insert into settlement (id, organisation_id, merchant_id, currency_code, amount, fee, transaction_count,
      period_start, period_end, status)
    values (${id}, ${org.id}, ${org.merchantId}, 'EUR', ${gross}, 0, ${payments.length}, ${new Date(today - 7 * DAY)}, ${new Date(today)}, 'PENDING')`);
  for (const p of payments)
    await t.db
      .query(sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, transaction_id, amount, currency_code)
      values (${id}, ${org.id}, ${org.merchantId}, 'payment', ${p.id}, ${p.id}, ${p.amount}, 'EUR')`);
  return id;
};

type Reconciliation = {
  expected: number;
  paid_in: number;
  difference: number;
  matched: number;
  deviating: number;
  unconfirmed: number;
  expected_fee: number;
  actual_fee: number;
  exceptions: { id: string; kind: string; item_id: string; effect: number }[];
  unreported: { count: number; effect: number };
};

const reconciliationOf = async (who: Caller, id: string) => {
  const answer = await callAs(t.app, who, 'GET', `/v1/settlement/${id}/reconciliation`);
  expect(answer.status).toBe(200);
  return answer.body as Reconciliation;
};

let exact: { payout: string; payments: Payment[] };
let short: { payout: string; exact: Payment; fee: Payment; missing: Payment };

describe('a payout against the acquirer’s money', () => {
  beforeAll(async () => {
    const p1 = await payment(12_000);
    const p2 = await payment(4_550);
    const ok = await payment(8_000);
    const fee = await payment(10_000);
    const missing = await payment(6_310);
    // One file of the day: the exact payments, one with its interchange a cent too high; the sixth payment is not in it.
    const file = await upload(csv(line(p1), line(p2), line(ok), line(fee, 1)), 'payoutbank-day.csv');
    // Kassa has read this acquirer's files for a week: the payments were made since.
    await t.db.query(sql`update settlement_file set created_at = ${new Date(today - 7 * DAY)} where id = ${file.id}`);
    // The payment no file reported was completed otherwise (the timer, before the importer ran) and is in the payout all the same.
    await t.db.query(sql`update transaction set status = 'SETTLEMENT_COMPLETED' where id = ${missing.id}`);
    exact = { payout: await payout([p1, p2]), payments: [p1, p2] };
    short = { payout: await payout([ok, fee, missing]), exact: ok, fee, missing };
    // The importer's run: a paid-out payment no file reported in three days is missing.
    const settlement = await findProcessorSettlement(t.db, settlementId);
    await reportMissing(t.db, settlement!, 3, () => newId('rex'));
  });

  it('is €0.00 when the acquirer paid in exactly what the cost scheme expects', async () => {
    const r = await reconciliationOf(provider, exact.payout);
    const expected = expectedNet(12_000) + expectedNet(4_550);
    expect(r).toMatchObject({ expected, paid_in: expected, difference: 0, matched: 2, deviating: 0, unconfirmed: 0 });
    expect(r.exceptions).toEqual([]);
    expect(r.unreported).toEqual({ count: 0, effect: 0 });
    expect(r.actual_fee).toBe(r.expected_fee);
  });

  it('shows a missing payment and a fee a cent off as the exceptions whose effects add up to the difference', async () => {
    const r = await reconciliationOf(provider, short.payout);
    const expected = expectedNet(8_000) + expectedNet(10_000) + expectedNet(6_310);
    const paidIn = expectedNet(8_000) + expectedNet(10_000) - 1;
    expect(r).toMatchObject({ expected, paid_in: paidIn, difference: paidIn - expected });
    expect(r.difference).toBe(-1 - expectedNet(6_310));
    expect(r).toMatchObject({ matched: 1, deviating: 1, unconfirmed: 1 });
    expect(r.actual_fee - r.expected_fee).toBe(1);
    const byKind = Object.fromEntries(r.exceptions.map((x) => [x.kind, x]));
    expect(Object.keys(byKind).sort()).toEqual(['fee_difference', 'missing_payment']);
    expect(byKind.fee_difference).toMatchObject({ item_id: short.fee.id, effect: -1 });
    expect(byKind.missing_payment).toMatchObject({ item_id: short.missing.id, effect: -expectedNet(6_310) });
    expect(r.exceptions.reduce((sum, x) => sum + x.effect, 0) + r.unreported.effect).toBe(r.difference);
    expect(r.unreported.count).toBe(0);
  });

  it('is the merchant’s own to read: another merchant’s payout is a 404, as an unknown one', async () => {
    const mine = await reconciliationOf(a, short.payout);
    expect(mine.difference).toBe(-1 - expectedNet(6_310));
    expect(mine.exceptions.map((x) => x.kind).sort()).toEqual(['fee_difference', 'missing_payment']);
    expect((await callAs(t.app, b, 'GET', `/v1/settlement/${short.payout}/reconciliation`)).status).toBe(404);
    expect((await callAs(t.app, a, 'GET', '/v1/settlement/stl_unknown/reconciliation')).status).toBe(404);
    // The explaining exceptions are the merchant's to read, another merchant's are not.
    const id = mine.exceptions[0].id;
    expect((await callAs(t.app, a, 'GET', `/v1/reconciliationexception/${id}`)).status).toBe(200);
    expect((await callAs(t.app, b, 'GET', `/v1/reconciliationexception/${id}`)).status).toBe(404);
  });

  it('lists a merchant the exceptions of its payout, read-only: no decision, and none of another merchant', async () => {
    const list = await callAs(t.app, a, 'GET', `/v1/reconciliationexception?settlement=${short.payout}&_sort=kind`);
    expect(list.status).toBe(200);
    expect(
      list.body.map((x: { kind: string; item_id: string; settlement: string }) => [x.kind, x.item_id, x.settlement]),
    ).toEqual([
      ['fee_difference', short.fee.id, short.payout],
      ['missing_payment', short.missing.id, short.payout],
    ]);
    const count = await callAs(
      t.app,
      a,
      'GET',
      `/v1/reconciliationexception/count?settlement=${short.payout}&kind[]=missing_payment`,
    );
    expect(count.body).toEqual({ count: 1 });
    // The exact payout has no exception; another merchant filtering on this payout sees nothing of it.
    expect((await callAs(t.app, a, 'GET', `/v1/reconciliationexception?settlement=${exact.payout}`)).body).toEqual([]);
    expect((await callAs(t.app, b, 'GET', `/v1/reconciliationexception?settlement=${short.payout}`)).body).toEqual([]);
    // Read-only: the merchant may not decide, neither on the provider's route nor by a route of its own.
    const ids = list.body.map((x: { id: string }) => x.id);
    for (const [path, status] of [
      ['/v1/psp/reconciliationexception/decision', 403],
      ['/v1/reconciliationexception/decision', 404],
    ] as const) {
      const refused = await callAs(t.app, a, 'POST', path, { action: 'resolve', ids, reason: 'merchant says so' });
      expect(refused.status).toBe(status);
    }
    const after = await callAs(t.app, provider, 'GET', `/v1/psp/reconciliationexception?settlement=${short.payout}`);
    expect(after.body.map((x: { state: string }) => x.state)).toEqual(['open', 'open']);
  });
});

describe('the settlement PDF', () => {
  const pdf = async (id: string, lang: 'nl' | 'en-US') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/settlement/${id}/pdf?_lang=${lang}`,
      headers: a as Record<string, string>,
    });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };
  const en = (minor: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);
  // PDF.js reads Intl's no-break space as a space.
  const nl = (minor: number) =>
    new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\s/g, ' ');

  it('includes the payout’s reconciliation: expected, paid in, the difference and the exceptions that explain it', async () => {
    const r = await reconciliationOf(a, short.payout);
    const text = await pdf(short.payout, 'en-US');
    expect(text).toEqual(
      expect.arrayContaining([
        'Reconciliation with the acquirer',
        `Expected from the acquirer ${en(r.expected)}`,
        `Paid in by the acquirer ${en(r.paid_in)}`,
        `Difference ${en(r.difference)}`,
        'The difference is explained by the 2 exceptions below.',
        `Fee difference ${short.fee.merchantReference} Open ${en(-1)}`,
        `Missing payment ${short.missing.merchantReference} Open ${en(-expectedNet(6_310))}`,
        `Total ${en(r.difference)}`,
      ]),
    );
    expect(text.join('\n')).not.toContain('Difference €0.00');
    const dutch = await pdf(short.payout, 'nl');
    expect(dutch).toEqual(
      expect.arrayContaining([
        'Afstemming met de acquirer',
        `Verwacht van de acquirer ${nl(r.expected)}`,
        `Ontvangen van de acquirer ${nl(r.paid_in)}`,
        `Verschil ${nl(r.difference)}`,
        'Soort Merchantreferentie Status Effect op het verschil',
        `Afwijkende kosten ${short.fee.merchantReference} Open ${nl(-1)}`,
        `Ontbrekende betaling ${short.missing.merchantReference} Open ${nl(-expectedNet(6_310))}`,
      ]),
    );
  });

  it('says €0.00 difference when the acquirer paid in exactly what was expected', async () => {
    const r = await reconciliationOf(a, exact.payout);
    const text = await pdf(exact.payout, 'en-US');
    expect(text).toEqual(
      expect.arrayContaining([
        `Expected from the acquirer ${en(r.expected)}`,
        `Paid in by the acquirer ${en(r.expected)}`,
        `Difference ${en(0)}`,
      ]),
    );
    expect(text.join(' ')).toContain(
      'Difference €0.00: the acquirer paid in exactly what Kassa expected for this payout.',
    );
  });
});

describe('the settlement report per period (payments §2)', () => {
  it('shows each payout’s items matched and unmatched by the acquirer’s files and its fee deviation, as the reconciliation data counts them', async () => {
    // The payouts as the settlement engine writes them: with a settlement profile (the report's rows).
    const ids = { pkg: newId('pkg'), schedule: newId('ssc'), account: newId('ba'), profile: newId('spf') };
    await t.db.query(
      sql`insert into finance_package (id, organisation_id, name) values (${ids.pkg}, ${world.provider.id}, 'p')`,
    );
    await t.db.query(sql`insert into settlement_schedule (id, organisation_id, name, interval, payout_delay_days)
      values (${ids.schedule}, ${world.provider.id}, 'w', 'weekly', 2)`);
    await t.db.query(sql`insert into bank_account (id, organisation_id, merchant_id, holder_name, iban)
      values (${ids.account}, ${world.shopA.id}, ${world.shopA.id}, 'A', 'NL91ABNA0417164300')`);
    await t.db
      .query(sql`insert into settlement_profile (id, organisation_id, merchant_id, package_id, settlement_schedule_id, bank_account_id, effective_from)
      values (${ids.profile}, ${world.shopA.id}, ${world.shopA.id}, ${ids.pkg}, ${ids.schedule}, ${ids.account}, '2025-01-01')`);
    await t.db
      .query(sql`update settlement set settlement_profile_id = ${ids.profile}, period_start = period_start - make_interval(days => case when id = ${exact.payout} then 7 else 0 end)
      where id = any(${[exact.payout, short.payout]})`);
    // What the report must say, counted from the reconciliation data itself.
    const raw = await t.db.query<{ id: string; matched: number; unmatched: number; fee_deviation: number }>(sql`
      select s.id,
        (select count(*)::int from settlement_item i where i.settlement_id = s.id
          and exists (select 1 from settlement_line l where l.matched_id = i.source_id and l.outcome = 'matched')) as matched,
        (select count(*)::int from settlement_item i where i.settlement_id = s.id
          and not exists (select 1 from settlement_line l where l.matched_id = i.source_id and l.outcome = 'matched')) as unmatched,
        (select coalesce(sum(l.interchange + l.scheme_fee + l.markup - l.expected_fee), 0)::int from settlement_item i
          join settlement_line l on l.matched_id = i.source_id where i.settlement_id = s.id) as fee_deviation
      from settlement s where s.id = any(${[exact.payout, short.payout]}) order by s.id`);
    expect(raw.find((r) => r.id === short.payout)).toEqual({
      id: short.payout,
      matched: 1,
      unmatched: 2,
      fee_deviation: 1,
    });
    expect(raw.find((r) => r.id === exact.payout)).toEqual({
      id: exact.payout,
      matched: 2,
      unmatched: 0,
      fee_deviation: 0,
    });
    for (const [who, path] of [
      [a, '/v1/settlement-report'],
      [provider, '/v1/psp/settlement-report'],
    ] as const) {
      const answer = await callAs(t.app, who, 'GET', `${path}?id[]=${exact.payout}&id[]=${short.payout}&_sort=id`);
      expect(answer.status).toBe(200);
      expect(
        answer.body.map(
          (r: { id: string; reconciled_matched: number; reconciled_unmatched: number; fee_deviation: number }) => ({
            id: r.id,
            matched: r.reconciled_matched,
            unmatched: r.reconciled_unmatched,
            fee_deviation: r.fee_deviation,
          }),
        ),
      ).toEqual(raw);
    }
  });
});

describe('the reconciliation dashboard', () => {
  it('answers the day’s match rate and the fee deviation against the cost scheme per processor settlement', async () => {
    const answer = await callAs(t.app, provider, 'GET', '/v1/psp/reconciliation/dashboard');
    expect(answer.status).toBe(200);
    const day = answer.body.match_rate.find(
      (r: { processor_settlement: string; day: string }) => r.processor_settlement === settlementId && r.day === D,
    );
    const expectedFee = [12_000, 4_550, 8_000, 10_000].reduce((sum, amount) => sum + amount - expectedNet(amount), 0);
    expect(day).toEqual({
      processor_settlement: settlementId,
      name: 'Payoutbank settlement reports',
      day: D,
      lines: 4,
      matched: 3,
      rate: 0.75,
      expected_fee: expectedFee,
      actual_fee: expectedFee + 1,
      fee_deviation: 1,
    });
    const missing = answer.body.open_by_kind.find((r: { kind: string }) => r.kind === 'missing_payment');
    expect(missing).toMatchObject({ age: '0-2', count: 1, amount_difference: -6_310 });
  });
});
