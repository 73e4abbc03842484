import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCustomer } from '../modules/payments/payments-test-helpers.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';

/**
 * An export names a related row, never writes it: an id column holds the id, and the readable
 * export puts the related row's name beside it. The related customer's date of birth and
 * social-security number and the organisation's tax number must appear in no export of another
 * entity (issue 32, item 16).
 */
const BIRTH = '1984-02-29';
const SSN = '999-88-7777';
const TAX = 'NL-TAX-8806';

let t: TestApp;
let world: TestWorld;
let admin: { cookie: string };
let merchant: { cookie: string };
let transaction: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  customer = await insertTestCustomer(t.db, world.shopA, { lastName: 'Vos' });
  await t.db.query(
    sql`update customer set first_name = 'Noor', date_of_birth = ${BIRTH}, social_security_number = ${SSN} where id = ${customer}`,
  );
  await t.db.query(
    sql`update organisation set tax_number = ${TAX} where id in (${world.shopA.id}, ${world.provider.id})`,
  );
  transaction = await insertTestTransaction(t.db, world.shopA, world.profileA, {
    customerId: customer,
    reference: 'ORDER-16',
  });
  admin = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  merchant = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const exportOf = async (who: { cookie: string }, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: who });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.body;
};
const readableRows = (body: string) => parse(body, { bom: true, delimiter: ';' }) as string[][];

describe('exports of related rows', () => {
  it('a readable transaction export without _fields names the customer, profile and organisation, never their rows', async () => {
    const body = await exportOf(merchant, `/v1/transaction/export?id=${transaction}&_format=readable&_lang=nl`);
    for (const secret of [BIRTH, SSN, TAX, 'date_of_birth', 'social_security_number', 'tax_number'])
      expect(body).not.toContain(secret);
    const [header, row] = readableRows(body);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Klant')).toBe(customer);
    expect(cell('Klant – Naam')).toBe('Noor Vos');
    expect(row).toContain('Shop A');
    expect(row).toContain('Shop A web');
    for (const value of row) expect(value.startsWith('{')).toBe(false);
  });

  it('a readable customer export names the organisation without its tax number', async () => {
    const body = await exportOf(merchant, `/v1/customer/export?id=${customer}&_format=readable&_lang=en-US`);
    expect(body).not.toContain(TAX);
    const [header, row] = parse(body, { bom: true }) as string[][];
    expect(row[header.indexOf('Organisation')]).toBe(world.shopA.id);
    expect(row).toContain('Shop A');
  });

  it('a machine export of a relation id and one of its fields gives the id in the id column', async () => {
    const body = await exportOf(
      merchant,
      `/v1/transaction/export?id=${transaction}&_fields=id,customer,customer.name,organisation`,
    );
    const [header, row] = parse(body) as string[][];
    expect(header).toEqual(['id', 'customer', 'customer.name', 'organisation']);
    expect(row).toEqual([transaction, customer, 'Noor Vos', world.shopA.id]);
  });

  it('no readable export of any entity writes a related row into a cell', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(doc.paths).filter((path) => path.endsWith('/export') && !path.includes('{'));
    expect(paths).toContain('/v1/transaction/export');
    expect(paths).toContain('/v1/customer/export');
    for (const path of paths) {
      const url = `${path}?_format=readable&_lang=nl`;
      let response = await t.app.inject({ method: 'GET', url, headers: admin });
      // Finance exports are the merchant's; one neither may read is not the point here.
      if (response.statusCode === 403) response = await t.app.inject({ method: 'GET', url, headers: merchant });
      if (response.statusCode === 403) continue;
      expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
      for (const row of readableRows(response.body).slice(1))
        for (const value of row) expect(value, path).not.toMatch(/^\{"id":/);
      if (!path.startsWith('/v1/customer/') && !path.startsWith('/v1/organisation/'))
        for (const secret of [SSN, TAX]) expect(response.body, path).not.toContain(secret);
    }
  });
});
