// Runs on both engines: issue 34 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller } from '../../test/call.ts';
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
