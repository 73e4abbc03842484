import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from './payments-test-helpers.ts';
import { REFUND_EXPORT_FIELDS } from './payments.routes.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let transaction: string;
// 14:05:09 UTC on a winter day is 15:05:09 in Amsterdam (+01:00).
const created = new Date('2026-01-15T14:05:09Z');

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  const customer = await insertTestCustomer(t.db, world.shopA, { lastName: 'Vos' });
  await t.db.query(sql`update customer set first_name = 'Noor' where id = ${customer}`);
  transaction = await insertTestTransaction(t.db, world.shopA, world.profileA, {
    amount: 10_000,
    createdAt: created,
    reference: 'ORDER-7',
    customerId: customer,
    status: 'SETTLEMENT_COMPLETED',
  });
  expect(
    (await call(a, 'POST', `/v1/transaction/${transaction}/refund`, { amount: 1250, reason: 'Fiets; beschadigd' }))
      .status,
  ).toBe(201);
  expect(
    (await call(a, 'POST', `/v1/transaction/${transaction}/refund`, { amount: 99, reason: 'Korting' })).status,
  ).toBe(201);
});
afterAll(() => t.close());

const exportOf = async (query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/refund/export?transaction=${transaction}&_fields=${REFUND_EXPORT_FIELDS.join(',')}&${query}`,
    headers: a,
  });
  return response;
};

describe('readable export', () => {
  it('gives Dutch headers, decimal-comma amounts, Amsterdam times with offset and Dutch statuses, separated by ; with a BOM', async () => {
    const response = await exportOf('_format=readable&_lang=nl&_tz=Europe/Amsterdam');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('-nl.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Datum',
      'Laatste statuswijziging',
      'Transactie – Referentie',
      'Transactie-id',
      'Transactie – Datum',
      'Referentie verwerker',
      'Transactie – Betaalmethode',
      'Transactie – Terugkerend',
      'Transactiebedrag',
      'Terugbetaald bedrag',
      'Reden',
      'Status',
    ]);
    expect(rows).toHaveLength(3);
    const byAmount = new Map(rows.slice(1).map((row) => [row[9], row]));
    const first = byAmount.get('12,50')!;
    expect(first[2]).toBe('ORDER-7');
    expect(first[4]).toBe('15-01-2026 15:05:09 +01:00');
    expect(first[6]).toBe('Kaart');
    expect(first[8]).toBe('100,00');
    expect(first[10]).toBe('Fiets; beschadigd');
    expect(first[11]).toBe('Verwerkt');
    expect(first[0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/);
    expect(byAmount.get('0,99')).toBeDefined();
  });

  it('gives English with commas and points in another time zone, and the machine export stays as it was', async () => {
    const english = parse((await exportOf('_format=readable&_lang=en-US&_tz=America/New_York')).body, {
      bom: true,
    }) as string[][];
    expect(english[0][9]).toBe('Refund amount');
    const row = english.find((cells) => cells[9] === '12.50')!;
    expect(row[4]).toBe('01/15/2026 09:05:09 -05:00');
    expect(row[11]).toBe('Processed');
    const machine = (await exportOf('')).body;
    expect(machine.startsWith('created_at,')).toBe(true);
    expect(machine).toContain(',1250,');
    expect(machine).toContain(created.toISOString());
  });

  it('names related rows beside their ids', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/transaction/export?id=${transaction}&_fields=merchant_reference,customer.email_address,amount&_format=readable&_lang=nl`,
      headers: a,
    });
    const rows = parse(response.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual(['Referentie', 'Klant – E-mailadres', 'Klant – Naam', 'Bedrag']);
    expect(rows[1].slice(2)).toEqual(['Noor Vos', '100,00']);
  });

  it('refuses an unknown language or time zone, naming the parameter', async () => {
    const language = await call(a, 'GET', `/v1/refund/export?_format=readable&_lang=de`);
    expect(language.status).toBe(400);
    expect(language.body.details[0].path).toBe('querystring._lang');
    const zone = await call(a, 'GET', `/v1/refund/export?_format=readable&_tz=Mars/Olympus`);
    expect(zone.body.details[0].path).toBe('querystring._tz');
  });
});
