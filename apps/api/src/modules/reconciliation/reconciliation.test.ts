// Runs on both engines: issue 34 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTLEMENT_UPLOAD_MAX_BYTES } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { feeParts } from './contract.ts';
import { decimal } from './formats/format.ts';
import { SETTLE_QUEUE, SETTLE_SLICE, settleFile } from './import.service.ts';
import { findProcessorSettlement, markSettled, reportMissing, settleLines } from './reconciliation.repository.ts';
import { flawOf, reportPath } from './sandbox-acquirer.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let second: Caller;
let a: Caller;
let b: Caller;
/** The sandbox-format settlement covering the world's processor (provider `sandbox`). */
let sandboxSettlement: string;
/** A settlement-details-format settlement covering a second acquirer. */
let detailsSettlement: string;
let detailsProcessor: string;

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The settlement day of the hand-made files: yesterday; its payments were sent for settlement the day before. */
const D = dayString(today - DAY);

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'kassa-recon-')) });
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  await insertUser(t.db, {
    organisationId: world.provider.id,
    email: 'finance2@test.kassa',
    name: 'finance2',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['PSP', 'PSP_RECONCILIATION_ALL'],
  });
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  second = await signIn(t.app, 'finance2@test.kassa', TEST_PASSWORD);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  sandboxSettlement = newId('prc');
  detailsSettlement = newId('prc');
  detailsProcessor = newId('prc');
  await t.db
    .query(sql`insert into processor (id, organisation_id, name, type, provider, processor_settlement_type, last)
    values (${sandboxSettlement}, ${world.provider.id}, 'Sandbox settlement reports', 'processorsettlement', 'sandbox', 'sandbox', ${new Date(today - 2 * DAY)}),
      (${detailsSettlement}, ${world.provider.id}, 'Meridian settlement details', 'processorsettlement', 'meridian', 'settlement_details', ${new Date(today - 2 * DAY)})`);
  await t.db.query(sql`insert into processor (id, organisation_id, name, provider, payment_product)
    values (${detailsProcessor}, ${world.provider.id}, 'Meridian cards', 'meridian', 'card')`);
});
afterAll(() => t.close());

/** A transaction id the sandbox acquirer reports faithfully (none of its seeded flaws). */
const faithfulId = () => {
  for (;;) {
    const id = newId('tx');
    if (flawOf(id) === null) return id;
  }
};

type Payment = { id: string; reference: string; merchantReference: string; amount: number };

/** A payment of shop A (or B) sent for settlement at `requestedAt`. */
const payment = async (
  amount: number,
  requestedAt: number,
  options: { shop?: 'A' | 'B'; processor?: string; mode?: 'live' | 'test' } = {},
): Promise<Payment> => {
  const id = faithfulId();
  const org = options.shop === 'B' ? world.shopB : world.shopA;
  const profile = options.shop === 'B' ? world.profileB : world.profileA;
  const reference = `acq_${id.slice(-10)}`;
  const merchantReference = `order-${id.slice(-8)}`;
  const at = new Date(requestedAt).toISOString();
  const history = JSON.stringify([
    { status: 'AUTHORIZED', at },
    { status: 'SETTLEMENT_REQUESTED', at },
  ]);
  await t.db
    .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, merchant_reference, amount, currency_code,
      payment_product_type, status, processor_id_external, status_history, created_at, updated_at, mode)
    values (${id}, ${org.id}, ${org.merchantId}, ${profile}, ${options.processor ?? world.processorId}, ${merchantReference}, ${amount}, 'EUR', 'card',
      'SETTLEMENT_REQUESTED', ${reference}, ${history}::jsonb, ${new Date(requestedAt)}, ${new Date(requestedAt)}, ${options.mode ?? 'live'})`);
  return { id, reference, merchantReference, amount };
};

const fees = (amount: number) => {
  const parts = feeParts(amount);
  return parts.interchange + parts.schemeFee + parts.markup;
};

const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>(sql`select status from transaction where id = ${id}`))[0].status;

/** A sandbox-format line for a payment, as the acquirer would report it (fees per the contract). */
const line = (
  p: Payment,
  changes: Partial<{ day: string; currency: string; amount: number; interchange: number; reference: string }> = {},
) => {
  const fees = feeParts(p.amount);
  const amount = changes.amount ?? p.amount;
  const interchange = changes.interchange ?? fees.interchange;
  const net = amount - interchange - fees.schemeFee - fees.markup;
  return [
    'PAYMENT',
    '2001',
    changes.day ?? D,
    changes.reference ?? p.reference,
    p.merchantReference,
    '',
    changes.currency ?? 'EUR',
    decimal(amount),
    decimal(interchange),
    decimal(fees.schemeFee),
    decimal(fees.markup),
    decimal(net),
  ].join(',');
};
const HEADER =
  'record_type,batch_number,settlement_date,acquirer_reference,merchant_reference,transaction_date,currency,gross_amount,interchange,scheme_fee,markup,net_amount';
const payoutLine = (net: number) => `PAYOUT,2001,${D},,,,EUR,${decimal(net)},0.00,0.00,0.00,${decimal(net)}`;
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

const upload = (who: Caller, content: string, fileName = 'report.csv', settlement = sandboxSettlement) =>
  callAs(t.app, who, 'POST', '/v1/psp/settlementfile', {
    processor_settlement: settlement,
    file_name: fileName,
    content,
  });

const exceptionsOf = async (fileId: string) =>
  (
    await callAs(
      t.app,
      provider,
      'GET',
      `/v1/psp/reconciliationexception?settlement_file=${fileId}&_sort=line_no&_limit=100`,
    )
  ).body as {
    id: string;
    kind: string;
    line_no: number;
    item_id: string | null;
    amount_difference: number;
    merchant: string | null;
  }[];

describe('settlement file import and matching', () => {
  it('matches a line exactly by the acquirer reference: the payment is settled by the file, fees stored beside the expected ones, no exception', async () => {
    const p = await payment(10_000, today - 2 * DAY + 10 * 3_600_000);
    const fees = feeParts(p.amount);
    const net = p.amount - fees.interchange - fees.schemeFee - fees.markup;
    const answer = await upload(provider, csv(line(p), payoutLine(net)));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      duplicate: false,
      file: {
        line_count: 2,
        matched_count: 1,
        exception_count: 0,
        expected_net: net,
        paid_in: net,
        difference: 0,
        settlement_date: D,
      },
    });
    expect(await statusOf(p.id)).toBe('SETTLEMENT_COMPLETED');
    const [stored] = await t.db.query<{
      expected_fee: string;
      interchange: string;
      scheme_fee: string;
      markup: string;
      outcome: string;
    }>(
      sql`select expected_fee, interchange, scheme_fee, markup, outcome from settlement_line where matched_id = ${p.id}`,
    );
    expect(Number(stored.expected_fee)).toBe(fees.interchange + fees.schemeFee + fees.markup);
    expect(Number(stored.interchange) + Number(stored.scheme_fee) + Number(stored.markup)).toBe(
      Number(stored.expected_fee),
    );
    expect(stored.outcome).toBe('matched');
    expect(await exceptionsOf(answer.body.file.id)).toEqual([]);

    // The same file again, under another name: nothing changes.
    const again = await upload(provider, csv(line(p), payoutLine(net)), 'again.csv');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, file: { id: answer.body.file.id, line_count: 2 } });
    const [{ count }] = await t.db.query<{ count: string }>(
      sql`select count(*) from settlement_line where matched_id = ${p.id}`,
    );
    expect(Number(count)).toBe(1);
  });

  it('matches by merchant reference, amount and date when the acquirer reference is missing', async () => {
    const p = await payment(2_500, today - 2 * DAY + 3_600_000);
    const answer = await upload(provider, csv(line(p, { reference: '' })), 'by-merchant-reference.csv');
    expect(answer.status).toBe(201);
    expect(answer.body.file).toMatchObject({ matched_count: 1, exception_count: 0 });
    expect(await statusOf(p.id)).toBe('SETTLEMENT_COMPLETED');
  });

  it('makes each kind of difference its exception, with the amount difference and the merchant', async () => {
    const fee = await payment(10_000, today - 2 * DAY + 3_600_000);
    const late = await payment(20_000, today - 3 * DAY + 3_600_000);
    const duplicate = await payment(30_000, today - 2 * DAY + 3_600_000);
    const converted = await payment(40_000, today - 2 * DAY + 3_600_000, { shop: 'B' });
    const unknown = { id: 'none', reference: 'acq_unknown_1', merchantReference: 'nobody-knows', amount: 999 };
    const answer = await upload(
      provider,
      csv(
        line(fee, { interchange: feeParts(fee.amount).interchange + 1 }), // line 2
        line(late), // line 3: requested three days before the settlement day
        line(duplicate), // line 4
        line(duplicate), // line 5
        line(converted, { currency: 'USD', amount: 43_368 }), // line 6
        line(unknown), // line 7
      ),
      'differences.csv',
    );
    expect(answer.status).toBe(201);
    expect(answer.body.file).toMatchObject({ line_count: 6, matched_count: 1, exception_count: 5 });
    const exceptions = await exceptionsOf(answer.body.file.id);
    expect(exceptions.map((e) => [e.line_no, e.kind, e.item_id, e.amount_difference])).toEqual([
      [2, 'fee_difference', fee.id, 1],
      [3, 'late_settlement', late.id, 0],
      [5, 'duplicate_line', duplicate.id, duplicate.amount - fees(duplicate.amount)],
      [6, 'amount_difference', converted.id, 43_368 - 40_000],
      [7, 'unknown_payment', null, 999],
    ]);
    expect(exceptions.find((e) => e.kind === 'amount_difference')?.merchant).toBe(world.shopB.merchantId);
    expect(exceptions.find((e) => e.kind === 'unknown_payment')?.merchant).toBeNull();
    // Confirmed by the acquirer's money, difference or not; the unknown line moves nothing.
    for (const p of [fee, late, duplicate, converted]) expect(await statusOf(p.id)).toBe('SETTLEMENT_COMPLETED');
  });

  it('refuses a malformed file whole, every bad line numbered, and applies nothing', async () => {
    const p = await payment(5_000, today - 2 * DAY + 3_600_000);
    const answer = await upload(
      provider,
      csv(line(p), 'PAYMENT,2001,2026-13-45,x,y,,EUR,1.00,0,0,0,1.00', line(p).replace('EUR', 'euro'), 'TRANSFER,2001'),
      'broken.csv',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
    expect(errorPaths(answer.body)).toEqual(['content.line.3', 'content.line.4', 'content.line.5']);
    expect(answer.body.details.map((d: { message: string }) => d.message).join(' | ')).toMatch(
      /line 3: settlement_date.*line 4: currency.*line 5/,
    );
    expect(await statusOf(p.id)).toBe('SETTLEMENT_REQUESTED');
    const [{ count }] = await t.db.query<{ count: string }>(
      sql`select count(*) from settlement_file where file_name = 'broken.csv'`,
    );
    expect(Number(count)).toBe(0);
    // A file without the layout's columns is refused on its first line.
    const headerless = await upload(provider, 'a,b\n1,2\n', 'wrong-layout.csv');
    expect(errorPaths(headerless.body)).toEqual(['content.line.1']);
  });

  it('takes a hand upload larger than the usual 1 MB request body, up to the size the form allows', async () => {
    // About 1.6 MB of lines, the last one bad: the importer reads it all and names that line.
    const good = 'PAYOUT,3001,2026-11-01,,,,EUR,-1.00,0,0,0,-1.00';
    const lines = Array.from({ length: 32_000 }, () => good);
    const big = csv(...lines, 'TRANSFER,3001');
    expect(big.length).toBeGreaterThan(1_500_000);
    const answer = await upload(provider, big, 'big.csv');
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual([`content.line.${lines.length + 2}`]);
    // Past the form's limit: the schema's own refusal, naming the field.
    const huge = await upload(provider, 'x'.repeat(SETTLEMENT_UPLOAD_MAX_BYTES + 1), 'huge.csv');
    expect(huge.status).toBe(400);
    expect(errorPaths(huge.body)).toEqual(['body.content']);
  });

  it('reads the settlement-details layout (gross/net debit/credit, commission, markup, scheme fees, interchange, batch)', async () => {
    const p = await payment(12_345, today - 2 * DAY + 3_600_000, { processor: detailsProcessor });
    const fees = feeParts(p.amount);
    const header =
      'Company Account,Merchant Account,Psp Reference,Merchant Reference,Payment Method,Creation Date,TimeZone,Type,Modification Reference,Gross Currency,Gross Debit (GC),Gross Credit (GC),Exchange Rate,Net Currency,Net Debit (NC),Net Credit (NC),Commission (NC),Markup (NC),Scheme Fees (NC),Interchange (NC),Payment Method Variant,Modification Merchant Reference,Batch Number';
    const net = p.amount - fees.interchange - fees.schemeFee - fees.markup;
    const content = [
      header,
      `Kassa,KassaEU,${p.reference},${p.merchantReference},visa,${D} 06:00:00,UTC,Settled,${p.reference},EUR,,${decimal(p.amount)},1,EUR,,${decimal(net)},0.04,${decimal(fees.markup - 4)},${decimal(fees.schemeFee)},${decimal(fees.interchange)},visacredit,,77`,
      `Kassa,KassaEU,,,,${D} 06:00:00,UTC,MerchantPayout,,EUR,,,1,EUR,${decimal(net)},,,,,,,,77`,
    ].join('\n');
    const answer = await upload(provider, content, 'settlement_detail_report_batch_77.csv', detailsSettlement);
    expect(answer.status).toBe(201);
    expect(answer.body.file).toMatchObject({
      format: 'settlement_details',
      batch_number: '77',
      matched_count: 1,
      exception_count: 0,
      paid_in: net,
      difference: 0,
    });
    expect(await statusOf(p.id)).toBe('SETTLEMENT_COMPLETED');
  });
});

describe('a file of more than one slice of payments', () => {
  it('commits its lines first, then settles its payments slice by slice by the job: a crash resumes, nothing moves twice, none is reported missing meanwhile', async () => {
    const count = SETTLE_SLICE + 50;
    const prefix = `tx_slice_${Date.now().toString(36)}_`;
    const requested = new Date(today - 2 * DAY + 3_600_000);
    const history = JSON.stringify([{ status: 'SETTLEMENT_REQUESTED', at: requested.toISOString() }]);
    await t.db
      .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, merchant_reference, amount,
        currency_code, payment_product_type, status, processor_id_external, status_history, created_at, updated_at, mode)
      select ${prefix} || i, ${world.shopA.id}, ${world.shopA.merchantId}, ${world.profileA}, ${world.processorId}, 'm' || i, 100, 'EUR', 'card',
        'SETTLEMENT_REQUESTED', ${prefix} || 'a' || i, ${history}::jsonb, ${requested}, ${requested}, 'live'
      from generate_series(1, ${count}) i`);
    const parts = feeParts(100);
    const net = 100 - parts.interchange - parts.schemeFee - parts.markup;
    const body = Array.from(
      { length: count },
      (_, i) =>
        `PAYMENT,3001,${D},${prefix}a${i + 1},,,EUR,1.00,${decimal(parts.interchange)},${decimal(parts.schemeFee)},${decimal(parts.markup)},${decimal(net)}`,
    );
    const answer = await upload(provider, csv(...body, payoutLine(net * count)), 'many.csv');
    expect(answer.status).toBe(201);
    expect(answer.body.file).toMatchObject({
      line_count: count + 1,
      matched_count: count,
      exception_count: 0,
      settled_at: null,
    });
    const fileId = answer.body.file.id as string;
    const statuses = async () =>
      Object.fromEntries(
        (
          await t.db.query<{ status: string; n: number }>(
            sql`select status, count(*)::int as n from transaction where id like ${`${prefix}%`} group by status`,
          )
        ).map((row) => [row.status, row.n]),
      );
    // The import committed its lines and queued the settling; no payment moved inside it.
    expect(await statuses()).toEqual({ SETTLEMENT_REQUESTED: count });
    expect(
      await t.db.query(
        sql`select 1 from job where queue = ${SETTLE_QUEUE} and payload->>'file_id' = ${fileId} and status = 'queued'`,
      ),
    ).toHaveLength(1);
    // Meanwhile the payments are confirmed by the file: the sweep for unconfirmed payments leaves them alone.
    const settlement = (await findProcessorSettlement(t.db, sandboxSettlement))!;
    await reportMissing(t.db, settlement, 1, () => newId('rex'));
    expect(await t.db.query(sql`select 1 from reconciliation_exception where item_id like ${`${prefix}%`}`)).toEqual(
      [],
    );

    // A worker settled the first slice, then crashed before the next.
    const first = await t.db.transaction(async (tx) => {
      const done = await settleLines(tx, fileId, 1, SETTLE_SLICE, 'first slice');
      await markSettled(tx, fileId, SETTLE_SLICE, false);
      return done.moved;
    });
    expect(first).toBe(SETTLE_SLICE - 1); // line 1 is the header
    // The job resumes after the last slice done and moves only the rest, once.
    await createRunner(t.db, t.config).drain();
    expect(await statuses()).toEqual({ SETTLEMENT_COMPLETED: count });
    expect(await settleFile(t.db, fileId)).toBe(0);
    // Every line written has its file (the lines carry no per-row foreign key check: migration 0157).
    expect(
      await t.db.query(
        sql`select 1 from settlement_line l where not exists (select 1 from settlement_file f where f.id = l.file_id)`,
      ),
    ).toEqual([]);
    const [{ steps }] = await t.db.query<{ steps: number }>(sql`select count(*)::int as steps from transaction t,
        jsonb_array_elements(t.status_history) h where t.id like ${`${prefix}%`} and h->>'status' = 'SETTLEMENT_COMPLETED'`);
    expect(steps).toBe(count);
    const file = await callAs(t.app, provider, 'GET', `/v1/psp/settlementfile/${fileId}`);
    expect(file.body.settled_at).not.toBeNull();
    // The status rollups moved with the payments: the day's figures count them as settled.
    const [rollup] = await t.db.query<{
      n: string;
    }>(sql`select coalesce(sum(count), 0)::text as n from transaction_daily
      where merchant_id = ${world.shopA.merchantId} and day = ${dayString(requested.getTime())} and status = 'SETTLEMENT_COMPLETED'`);
    expect(Number(rollup.n)).toBeGreaterThanOrEqual(count);
  });
});

describe('settlement updates run the sandbox acquirer import', () => {
  it('publishes a day file on disk, imports it, confirms the payments, reports the run, and a payment no file confirmed becomes missing', async () => {
    const settled = [await payment(11_100, today - DAY + 3_600_000), await payment(22_200, today - DAY + 7_200_000)];
    const forgotten = await payment(33_300, today - 5 * DAY);
    // Test payments are never settled: not in the acquirer's file, never a missing payment (test mode).
    const tests = [
      await payment(44_400, today - DAY + 3_600_000, { mode: 'test' }),
      await payment(55_500, today - 5 * DAY, { mode: 'test' }),
    ];
    // The timer does not settle a payment whose acquirer has a settlement importer.
    const created = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', {
      processor_settlement: sandboxSettlement,
      last: new Date(today).toISOString(),
    });
    expect(created.status).toBe(201);
    await createRunner(t.db, t.config).drain();
    const path = reportPath(t.config.dataDir!, sandboxSettlement, dayString(today));
    expect(existsSync(path)).toBe(true);
    for (const p of settled) expect(await statusOf(p.id)).toBe('SETTLEMENT_COMPLETED');
    const run = await callAs(t.app, provider, 'GET', `/v1/settlementupdate/${created.body.id}`);
    expect(run.body).toMatchObject({
      file_count: 1,
      line_count: 2 + 1,
      matched_count: 2,
      exception_count: 0,
    });
    const missing = await callAs(t.app, provider, 'GET', `/v1/psp/reconciliationexception?item_id=${forgotten.id}`);
    expect(missing.body).toMatchObject([
      { kind: 'missing_payment', state: 'open', amount_difference: -forgotten.amount },
    ]);
    expect(await statusOf(forgotten.id)).toBe('SETTLEMENT_REQUESTED');
    for (const p of tests) {
      expect(await t.db.query(sql`select 1 from settlement_line where acquirer_reference = ${p.reference}`)).toEqual(
        [],
      );
      expect(await t.db.query(sql`select 1 from reconciliation_exception where item_id = ${p.id}`)).toEqual([]);
    }

    // Run again: the day's file is the same file, nothing changes; the run reports that file again.
    const lines = await t.db.query(sql`select 1 from settlement_line`);
    const again = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', {
      processor_settlement: sandboxSettlement,
      last: new Date(today).toISOString(),
    });
    await createRunner(t.db, t.config).drain();
    expect((await t.db.query(sql`select 1 from settlement_line`)).length).toBe(lines.length);
    expect((await callAs(t.app, provider, 'GET', `/v1/settlementupdate/${again.body.id}`)).body).toMatchObject({
      file_count: 1,
      line_count: 2 + 1,
      matched_count: 2,
    });
  });
});

describe('the exception queue', () => {
  const someExceptions = async (shop: 'A' | 'B', count: number) => {
    const lines = [];
    const payments = [];
    for (let i = 0; i < count; i++) {
      const p = await payment(1_000 + i, today - 2 * DAY + 3_600_000, { shop });
      payments.push(p);
      lines.push(line(p, { interchange: feeParts(p.amount).interchange + 2 }));
    }
    const answer = await upload(provider, csv(...lines), `fees-${shop}-${Date.now()}.csv`);
    return (await exceptionsOf(answer.body.file.id)).map((e) => e.id);
  };

  it('is assigned, investigated and resolved in bulk with a reason, each decision audited', async () => {
    const ids = await someExceptions('A', 2);
    const assign = await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'assign',
      ids,
      owner: (await t.db.query<{ id: string }>(sql`select id from app_user where email = 'finance2@test.kassa'`))[0].id,
    });
    expect(assign.body).toEqual({ changed: 2 });
    expect(
      (
        await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
          action: 'investigate',
          ids,
        })
      ).status,
    ).toBe(200);
    const noReason = await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'resolve',
      ids,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(errorPaths(noReason.body)).toEqual(['body.reason']);
    const resolved = await callAs(t.app, second, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'resolve',
      ids,
      reason: 'Acquirer credited the cent on the next batch',
    });
    expect(resolved.body).toEqual({ changed: 2 });
    const rows = (await callAs(t.app, provider, 'GET', `/v1/psp/reconciliationexception?id=${ids[0]}`)).body;
    expect(rows[0]).toMatchObject({
      state: 'resolved',
      reason: 'Acquirer credited the cent on the next batch',
      owner_name: 'finance2',
    });
    const audit = await t.db.query<{ type: string; detail: { from: string; to: string } }>(
      sql`select type, detail from audit_log where entity = 'reconciliationexception' and entity_id = ${ids[0]} order by created_at, id`,
    );
    expect(audit.map((row) => [row.type, row.detail.from, row.detail.to])).toEqual([
      ['reconciliation_exception_assign', 'open', 'open'],
      ['reconciliation_exception_investigate', 'open', 'investigating'],
      ['reconciliation_exception_resolve', 'investigating', 'resolved'],
    ]);
    // A resolved exception is final.
    expect(
      (
        await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
          action: 'investigate',
          ids,
        })
      ).status,
    ).toBe(409);
  });

  it('is written off only with a second person approving', async () => {
    const [id] = await someExceptions('A', 1);
    const asked = await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'request_write_off',
      ids: [id],
      reason: 'Below the cost of chasing',
    });
    expect(asked.status).toBe(200);
    const self = await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'approve_write_off',
      ids: [id],
    });
    expect(self.status).toBe(409);
    const approved = await callAs(t.app, second, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'approve_write_off',
      ids: [id],
    });
    expect(approved.status).toBe(200);
    const [row] = (await callAs(t.app, provider, 'GET', `/v1/psp/reconciliationexception?id=${id}`)).body;
    expect(row).toMatchObject({ state: 'written_off', reason: 'Below the cost of chasing' });
    expect(row.decided_by).not.toBe(row.write_off_requested_by);
  });

  it('exports as CSV with the filters of the list', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/psp/reconciliationexception/export?kind=fee_difference',
      headers: provider,
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.trim().split('\n');
    expect(header).toContain('amount_difference');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes('fee_difference'))).toBe(true);
  });

  it('shows a merchant only the exceptions about its own payments, read-only; another merchant gets 404', async () => {
    const [idA] = await someExceptions('A', 1);
    const [idB] = await someExceptions('B', 1);
    const mine = await callAs(t.app, a, 'GET', '/v1/reconciliationexception?_limit=100');
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((e: { merchant: string }) => e.merchant === world.shopA.merchantId)).toBe(true);
    expect(mine.body.map((e: { id: string }) => e.id)).toContain(idA);
    // Provider finance's people are not the merchant's to see, on the list, the detail or the export.
    const people = ['owner', 'owner_name', 'write_off_requested_by', 'decided_by'];
    await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'assign',
      ids: [idA],
      owner: (await t.db.query<{ id: string }>(sql`select id from app_user where email = 'finance2@test.kassa'`))[0].id,
    });
    const detail = (await callAs(t.app, a, 'GET', `/v1/reconciliationexception/${idA}`)).body;
    expect(detail.id).toBe(idA);
    expect(detail).toHaveProperty('state');
    expect(Object.keys(detail).filter((key) => people.includes(key))).toEqual([]);
    expect(mine.body.every((e: object) => people.every((key) => !(key in e)))).toBe(true);
    const exported = await t.app.inject({ method: 'GET', url: '/v1/reconciliationexception/export', headers: a });
    expect(exported.statusCode).toBe(200);
    const [header] = exported.body.split('\n');
    expect(header).toContain('state');
    expect(header).not.toContain('owner');
    expect((await callAs(t.app, a, 'GET', '/v1/reconciliationexception?owner=x')).status).toBe(400);
    // The provider's queue still has them.
    const [queued] = (await callAs(t.app, provider, 'GET', `/v1/psp/reconciliationexception?id=${idA}`)).body;
    expect(queued.owner_name).toBe('finance2');
    expect((await callAs(t.app, a, 'GET', `/v1/reconciliationexception/${idB}`)).status).toBe(404);
    expect((await callAs(t.app, b, 'GET', `/v1/reconciliationexception/${idA}`)).status).toBe(404);
    // The provider's queue, files, uploads and decisions are not the merchant's.
    expect((await callAs(t.app, a, 'GET', '/v1/psp/reconciliationexception')).status).toBe(403);
    expect((await callAs(t.app, a, 'GET', '/v1/psp/settlementfile')).status).toBe(403);
    expect((await upload(a, csv())).status).toBe(403);
    expect(
      (
        await callAs(t.app, a, 'POST', '/v1/psp/reconciliationexception/decision', {
          action: 'investigate',
          ids: [idA],
        })
      ).status,
    ).toBe(403);
    // An unknown id among known ones: 404 naming it, nothing changed.
    const unknown = await callAs(t.app, provider, 'POST', '/v1/psp/reconciliationexception/decision', {
      action: 'investigate',
      ids: [idA, 'rex_unknown'],
    });
    expect(unknown.status).toBe(404);
    expect(errorPaths(unknown.body)).toEqual(['body.ids.1']);
    const [row] = (await callAs(t.app, provider, 'GET', `/v1/psp/reconciliationexception?id=${idA}`)).body;
    expect(row.state).toBe('open');
    // An upload for a settlement that is not one: 404 on the field.
    const plain = await upload(provider, csv(), 'x.csv', world.processorId);
    expect(plain.status).toBe(404);
    expect(errorPaths(plain.body)).toEqual(['body.processor_settlement']);
  });

  it('answers the dashboard: match rate per processor settlement and day, open exceptions by kind and age', async () => {
    const answer = await callAs(t.app, provider, 'GET', '/v1/psp/reconciliation/dashboard');
    expect(answer.status).toBe(200);
    expect(
      answer.body.match_rate.some(
        (r: { name: string; day: string }) => r.name === 'Sandbox settlement reports' && r.day === D,
      ),
    ).toBe(true);
    expect(answer.body.open_by_kind.find((r: { kind: string }) => r.kind === 'unknown_payment')).toMatchObject({
      age: '0-2',
    });
  });
});
