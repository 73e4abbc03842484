import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../plugins/audit-mask.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, type Who } from '../recurring/recurring.fixtures.ts';

/**
 * Issue 32 item 15 (risk-config.md §2.7, §3, §7): an audit trail item has its transaction, its
 * parent (the tree column) and its payment profile, and the list populates transaction,
 * payment_profile and user as the screen asks.
 */
let t: TestApp;
let world: TestWorld;
let a: Who;
let provider: Who;

type Item = {
  id: string;
  type: string;
  parent: string | null;
  transaction: string | { id: string } | null;
  payment_profile: string | { id: string; name: string } | null;
  user: string | { id: string; name: string } | null;
  response: { body: { decision?: { acquirer?: { code?: string } } } };
};

const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 50; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('audit row never appeared');
};

let paid: { id: string; decision: { acquirer: { code: string } | null } };
let request: Item;
let created: Item;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  const payment = await call(t.app, a, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount: 2500,
    payment_product_type: 'card',
    merchant_reference: 'TREE-1',
  });
  expect(payment.status).toBe(201);
  paid = payment.body;
  // Both entries of the payment: the request's own (written after the answer) and the one its handling wrote.
  const items = await eventually(async () => {
    const list = await call(t.app, provider, 'GET', `/v1/psp/audittrail?transaction=${paid.id}`);
    return (list.body as Item[]).length === 2 ? (list.body as Item[]) : undefined;
  });
  request = items.find((item) => item.type === 'POST /v1/transaction')!;
  created = items.find((item) => item.type === 'transaction_created')!;
});
afterAll(() => t.close());

describe('audit trail items', () => {
  it('the request that created a transaction belongs to it, and what its handling wrote hangs under it', () => {
    expect(request).toBeDefined();
    expect(request.transaction).toBe(paid.id);
    expect(request.parent).toBeNull();
    expect(created.parent).toBe(request.id);
    expect(request.payment_profile).toBe(world.profileA);
    expect(created.payment_profile).toBe(world.profileA);
  });

  it('lists the children of an item by parent', async () => {
    const children = await call(t.app, provider, 'GET', `/v1/psp/audittrail?parent=${request.id}`);
    expect(children.status).toBe(200);
    expect((children.body as Item[]).map((item) => item.id)).toEqual([created.id]);
  });

  it('populates transaction, payment_profile and user, as the list asks (§7)', async () => {
    const list = await call(
      t.app,
      provider,
      'GET',
      `/v1/psp/audittrail?id=${request.id}&_populate=transaction payment_profile user`,
    );
    expect(list.status).toBe(200);
    const [item] = list.body as Item[];
    expect(item.transaction).toMatchObject({ id: paid.id });
    expect(item.payment_profile).toMatchObject({ id: world.profileA, name: 'Shop A web' });
    expect(item.user).toMatchObject({ name: 'a' });
    const one = await call(t.app, provider, 'GET', `/v1/psp/audittrail/${created.id}?_populate=payment_profile user`);
    expect(one.status).toBe(200);
    expect(one.body.payment_profile).toMatchObject({ name: 'Shop A web' });
  });

  it('keeps the acquirer’s response code readable, not masked as a secret', () => {
    expect(paid.decision.acquirer?.code).toMatch(/^\d+$/);
    expect(request.response.body.decision?.acquirer?.code).toBe(paid.decision.acquirer?.code);
    expect(request.response.body.decision?.acquirer?.code).not.toBe(MASK);
  });

  it('exports to a file name without a folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/psp/audittrail/export', headers: provider });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="psp-audittrail-[\d-]+\.csv"$/);
  });
});
