// Runs on both engines: issue 36 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from './payments-test-helpers.ts';
import { resolveDisputes, SANDBOX_DISPUTE_DECISION_AFTER_MS } from './dispute.service.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
let analyst: { cookie: string };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

const chargeback = async (values: { code?: string; dueInDays?: number; threeDs?: boolean } = {}) => {
  const customer = await insertTestCustomer(t.db, world.shopA);
  const earlier = await insertTestTransaction(t.db, world.shopA, world.profileA, {
    customerId: customer,
    createdAt: new Date(Date.now() - 30 * 86_400_000),
  });
  const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, {
    status: 'CHARGEBACK',
    customerId: customer,
  });
  if (values.threeDs) await t.db.query(sql`update transaction set three_ds = true where id = ${tx}`);
  const id = newId('cb');
  const due = new Date(Date.now() + (values.dueInDays ?? 10) * 86_400_000);
  await t.db
    .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code,
      reason_code, reason, status, processor_id_external, due_at)
    values (${id}, ${world.shopA.id}, ${world.shopA.merchantId}, ${tx}, ${world.profileA}, 1000, 'EUR', ${values.code ?? '4853'},
      'Cardholder dispute', 'OPEN', 'sbx_cb_test', ${due})`);
  return { id, tx, earlier };
};
const upload = (who: { cookie: string }, id: string, bytes: Buffer, kind: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/chargeback/${id}/evidence?kind=${kind}&file_name=${encodeURIComponent(name)}`,
    headers: { ...who, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const statusOf = async (id: string) =>
  (
    await t.db.query<{ status: string; response_outcome: string | null }>(
      sql`select status, response_outcome from chargeback where id = ${id}`,
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, b, analyst] = await Promise.all(
    ['a', 'b', 'a-analyst'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
});
afterAll(() => t.close());

describe('answering a chargeback', () => {
  it('shows the checklist of its reason code, pre-filled from what Kassa holds', async () => {
    const { id } = await chargeback({ code: '4837', threeDs: true });
    const dispute = await call(a, 'GET', `/v1/chargeback/${id}/dispute`);
    expect(dispute.status).toBe(200);
    expect(dispute.body).toMatchObject({ scheme: 'mastercard', family: 'fraud', open: true, evidence: [] });
    const item = (kind: string) => dispute.body.checklist.find((i: { kind: string }) => i.kind === kind);
    expect(item('three_ds_result')).toMatchObject({
      required: true,
      prefilled: 'three_ds_frictionless',
      covered: true,
    });
    expect(item('prior_undisputed_payments')).toMatchObject({ prefilled: 'prior_payments:1', covered: true });
    expect(item('avs_cvc_result')).toMatchObject({ prefilled: null, covered: false });
  });

  it('stores a PDF and serves it as an attachment with its type and nosniff; refuses a renamed executable', async () => {
    const { id } = await chargeback();
    const stored = await upload(a, id, PDF, 'proof_of_delivery', 'delivery.pdf');
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({
      kind: 'proof_of_delivery',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/v1/chargeback/${id}/evidence/${stored.json().id}`,
      headers: a,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="delivery.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const renamed = await upload(a, id, EXE, 'proof_of_delivery', 'invoice.pdf');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ code: 'evidence_type_refused', details: [{ path: 'body' }] });
    const tooLarge = await upload(a, id, Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]), 'other', 'big.png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('evidence_too_large');
    const dispute = await call(a, 'GET', `/v1/chargeback/${id}/dispute`);
    expect(dispute.body.evidence).toHaveLength(1);
  });

  it('refuses an eleventh file', async () => {
    const { id } = await chargeback();
    for (let i = 0; i < 10; i++) expect((await upload(a, id, PNG, 'other', `p${i}.png`)).statusCode).toBe(201);
    const eleventh = await upload(a, id, PNG, 'other', 'p10.png');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('evidence_limit');
  });

  it('wins with the evidence the reason code requires, loses without it (the sandbox issuer)', async () => {
    const win = await chargeback({ code: '4853' });
    await upload(a, win.id, PDF, 'proof_of_delivery', 'track.pdf');
    const submitted = await call(a, 'POST', `/v1/chargeback/${win.id}/dispute`, { response: 'Delivered, signed for.' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'IN_DISPUTE', response_outcome: 'submitted', open: false });
    const lose = await chargeback({ code: '4853' });
    await upload(a, lose.id, PNG, 'other', 'photo.png');
    await call(a, 'POST', `/v1/chargeback/${lose.id}/dispute`, { response: 'We think it arrived.' });
    // Not before the issuer had its minute; then once.
    expect(await resolveDisputes(t.db, new Date())).toBe(0);
    const later = new Date(Date.now() + SANDBOX_DISPUTE_DECISION_AFTER_MS + 1000);
    expect(await resolveDisputes(t.db, later)).toBe(2);
    expect(await resolveDisputes(t.db, later)).toBe(0);
    expect(await statusOf(win.id)).toEqual({ status: 'WON', response_outcome: 'submitted' });
    expect(await statusOf(lose.id)).toEqual({ status: 'LOST', response_outcome: 'submitted' });
    const [tx] = await t.db.query<{ status: string }>(sql`select status from transaction where id = ${win.tx}`);
    expect(tx.status).toBe('SETTLEMENT_COMPLETED');
    // Answering again is refused.
    const again = await call(a, 'POST', `/v1/chargeback/${win.id}/dispute`, { response: 'More' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('dispute_closed');
  });

  it('refuses a submission after the due date and loses a missed deadline automatically', async () => {
    const { id } = await chargeback({ dueInDays: -1 });
    const late = await call(a, 'POST', `/v1/chargeback/${id}/dispute`, { response: 'Late' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('dispute_deadline_passed');
    expect((await upload(a, id, PDF, 'other', 'late.pdf')).json().code).toBe('dispute_deadline_passed');
    expect(await resolveDisputes(t.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toEqual({ status: 'LOST', response_outcome: 'expired' });
  });

  it('accepts a chargeback: lost at once', async () => {
    const { id } = await chargeback();
    const accepted = await call(a, 'POST', `/v1/chargeback/${id}/accept`);
    expect(accepted.body).toMatchObject({ status: 'LOST', response_outcome: 'accepted' });
    const [{ count }] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from webhook where item_id = ${id} and event = 'chargeback.updated'`,
    );
    expect(count).toBe(0); // no chargeback webhook URL on the profile: nothing queued, nothing lost
  });

  it('keeps disputes in their tenancy and roles', async () => {
    const { id } = await chargeback();
    const stored = (await upload(a, id, PDF, 'other', 'x.pdf')).json();
    expect((await call(b, 'GET', `/v1/chargeback/${id}/dispute`)).status).toBe(404);
    expect((await upload(b, id, PDF, 'other', 'y.pdf')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/chargeback/${id}/evidence/${stored.id}`, headers: b })).statusCode,
    ).toBe(404);
    expect((await call(b, 'POST', `/v1/chargeback/${id}/dispute`, { response: 'Mine' })).status).toBe(404);
    expect((await call(b, 'POST', `/v1/chargeback/${id}/accept`)).status).toBe(404);
    expect((await call(analyst, 'POST', `/v1/chargeback/${id}/accept`)).status).toBe(403);
    expect((await upload(analyst, id, PDF, 'other', 'z.pdf')).statusCode).toBe(403);
    expect((await statusOf(id)).status).toBe('OPEN');
  });
});
