import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, paths, type Who } from '../recurring/recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let b: Who;
let noRole: Who;
let provider: Who;
let second: string;

const tree = (big: string, rest: string) => ({
  if: [{ name: 'amount', operator: '>', value: '10000' }],
  then: big,
  else: { if: [{ name: 'country_code', operator: '==', value: 'NL' }], then: rest, else: big },
});

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  second = newId('prc');
  await t.db.query(
    sql`insert into processor (id, organisation_id, name, provider, payment_product) values (${second}, ${world.provider.id}, 'Second cards', 'sandbox', 'card')`,
  );
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  noRole = await signIn(t.app, 'a-norole@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('routing', () => {
  let id: string;
  it('creates, lists with organisation, and keeps the processors of the tree', async () => {
    const created = await call(t.app, a, 'POST', '/v1/routing', {
      name: 'Cards',
      payment_product: 'card',
      details: tree(world.processorId, second),
    });
    expect(created.status).toBe(201);
    id = created.body.id;
    expect(created.body).toMatchObject({
      name: 'Cards',
      payment_product: 'card',
      organisation: world.shopA.id,
      processors: `${world.processorId},${second}`,
      version: 1,
    });
    const list = await call(t.app, a, 'GET', '/v1/routing?_populate=organisation');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].organisation).toMatchObject({ name: 'Shop A' });
    expect(list.body[0].details).toMatchObject(tree(world.processorId, second));
  });

  it('answers 400 naming the field for a bad tree, product or processor, and stores nothing', async () => {
    const bad = await call(t.app, a, 'POST', '/v1/routing', {
      name: '',
      payment_product: 'card',
      details: { if: [{ name: 'amount', operator: '!=', value: '' }], then: world.processorId, else: null },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad.body)).toEqual(['body.details.else', 'body.details.if.0.value', 'body.name']);
    const wrong = await call(t.app, a, 'POST', '/v1/routing', {
      name: 'X',
      payment_product: 'ideal',
      details: { if: [{ name: 'amount', operator: '>', value: '1' }], then: world.processorId, else: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(paths(wrong.body)).toEqual(['body.details.else', 'body.details.then']);
    expect((await call(t.app, a, 'GET', '/v1/routing/count')).body).toEqual({ count: 1 });
  });

  it('keeps another merchant out (404, absent from lists) and refuses without a role (403)', async () => {
    expect((await call(t.app, b, 'GET', `/v1/routing/${id}`)).status).toBe(404);
    expect((await call(t.app, b, 'GET', '/v1/routing')).body).toEqual([]);
    expect(
      (
        await call(t.app, b, 'POST', `/v1/routing/${id}`, {
          name: 'Mine',
          payment_product: 'card',
          details: tree(world.processorId, world.processorId),
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, b, 'DELETE', `/v1/routing/${id}`)).status).toBe(404);
    expect((await call(t.app, b, 'GET', `/v1/routing/${id}/versions`)).status).toBe(404);
    expect((await call(t.app, b, 'POST', `/v1/routing/${id}/rollback/1`)).status).toBe(404);
    expect((await call(t.app, noRole, 'GET', '/v1/routing')).status).toBe(403);
    expect(
      (
        await call(t.app, noRole, 'POST', '/v1/routing', {
          name: 'X',
          payment_product: 'card',
          details: tree(world.processorId, world.processorId),
        })
      ).status,
    ).toBe(403);
    expect((await call(t.app, provider, 'GET', '/v1/routing')).body).toHaveLength(1);
  });

  it('keeps a version per save with who and a readable diff, and rolls back', async () => {
    const updated = await call(t.app, a, 'PUT', `/v1/routing/${id}`, {
      name: 'Cards',
      payment_product: 'card',
      details: tree(second, world.processorId),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(2);
    const versions = await call(t.app, a, 'GET', `/v1/routing/${id}/versions`);
    expect(
      versions.body.map((v: { version: number; change: string; user_name: string }) => [
        v.version,
        v.change,
        v.user_name,
      ]),
    ).toEqual([
      [2, 'updated', 'a'],
      [1, 'created', 'a'],
    ]);
    expect(versions.body[0].diff).toEqual([
      { path: 'details.else.else', before: world.processorId, after: second },
      { path: 'details.else.then', before: second, after: world.processorId },
      { path: 'details.then', before: world.processorId, after: second },
    ]);
    const back = await call(t.app, a, 'POST', `/v1/routing/${id}/rollback/1`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ version: 3, details: tree(world.processorId, second) });
    expect((await call(t.app, a, 'GET', `/v1/routing/${id}/versions`)).body[0]).toMatchObject({
      version: 3,
      change: 'rolled_back',
    });
    expect((await call(t.app, a, 'POST', `/v1/routing/${id}/rollback/99`)).status).toBe(404);
  });

  it('backtests a draft over the last 30 days, next to what happened', async () => {
    const org = { id: world.shopA.id, merchantId: world.shopA.id };
    for (const amount of [500, 20000, 30000]) await insertTestTransaction(t.db, org, world.profileA, { amount });
    await insertTestTransaction(t.db, org, world.profileA, {
      amount: 50000,
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const result = await call(t.app, a, 'POST', '/v1/routing/backtest', {
      payment_product: 'card',
      details: tree(world.processorId, second),
    });
    expect(result.status).toBe(200);
    // Test transactions carry no country: 500 goes to else → else (big); amounts over 100 to then.
    expect(result.body).toMatchObject({ transactions: 3, draft: { [world.processorId]: 3 }, actual: { unrouted: 3 } });
    const other = await call(t.app, b, 'POST', '/v1/routing/backtest', {
      payment_product: 'card',
      details: tree(world.processorId, world.processorId),
      routing: id,
    });
    expect(other.status).toBe(404);
  });

  it('deletes', async () => {
    expect((await call(t.app, a, 'DELETE', `/v1/routing/${id}`)).status).toBe(204);
    expect((await call(t.app, a, 'GET', `/v1/routing/${id}`)).status).toBe(404);
  });
});

describe('tags and rulesets', () => {
  let tagId: string;
  let rulesetId: string;
  it('creates, edits and scopes tags', async () => {
    const created = await call(t.app, a, 'POST', '/v1/tag', { text: 'Review', colour: '#ff0000' });
    expect(created.status).toBe(201);
    tagId = created.body.id;
    expect(
      (await call(t.app, a, 'POST', `/v1/tag/${tagId}`, { text: 'Manual review', colour: '#00ff00' })).body,
    ).toMatchObject({ text: 'Manual review', colour: '#00ff00' });
    expect(paths((await call(t.app, a, 'POST', '/v1/tag', { text: '', colour: 'red' })).body)).toEqual([
      'body.colour',
      'body.text',
    ]);
    expect((await call(t.app, b, 'GET', `/v1/tag/${tagId}`)).status).toBe(404);
    expect((await call(t.app, b, 'GET', '/v1/tag')).body.map((tag: { id: string }) => tag.id)).not.toContain(tagId);
    expect((await call(t.app, b, 'POST', `/v1/tag/${tagId}`, { text: 'x', colour: '#000000' })).status).toBe(404);
    expect((await call(t.app, b, 'DELETE', `/v1/tag/${tagId}`)).status).toBe(404);
    expect((await call(t.app, noRole, 'POST', '/v1/tag', { text: 'x', colour: '#000000' })).status).toBe(403);
    expect(
      (await call(t.app, provider, 'POST', '/v1/tag', { text: 'x', colour: '#000000' })).body.details[0].path,
    ).toBe('body.organisation');
  });

  it('creates a tag ruleset with every §5 rule checked, and scopes it', async () => {
    const bad = await call(t.app, a, 'POST', '/v1/validationruleset', {
      name: 'Big',
      action: 'tag',
      rules: [{ name: 'amount', operator: 'IN', value: [] }],
      email: 'no',
    });
    expect(bad.status).toBe(400);
    expect(paths(bad.body)).toEqual(['body.email', 'body.rules.0.value', 'body.tag']);
    const created = await call(t.app, a, 'POST', '/v1/validationruleset', {
      name: 'Big',
      action: 'tag',
      tag: tagId,
      rules: [{ name: 'amount', operator: '>=', value: '20000' }],
      email: 'risk@shop-a.test',
    });
    expect(created.status).toBe(201);
    rulesetId = created.body.id;
    expect(created.body.tag).toMatchObject({ id: tagId, text: 'Manual review' });
    const list = await call(
      t.app,
      a,
      'GET',
      '/v1/validationruleset?action=tag&_limit=null&_populate=tag payment_profile organisation',
    );
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([rulesetId]);
    expect((await call(t.app, b, 'GET', '/v1/validationruleset?action=tag')).body).toEqual([]);
    expect((await call(t.app, b, 'GET', `/v1/validationruleset/${rulesetId}`)).status).toBe(404);
    expect(
      (
        await call(t.app, b, 'POST', `/v1/validationruleset/${rulesetId}`, {
          name: 'x',
          rules: [{ name: 'amount', operator: '>', value: '1' }],
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, noRole, 'GET', '/v1/validationruleset')).status).toBe(403);
    // Another merchant's tag cannot be used.
    const foreign = await call(t.app, b, 'POST', '/v1/validationruleset', {
      name: 'x',
      action: 'tag',
      tag: tagId,
      rules: [{ name: 'amount', operator: '>', value: '1' }],
    });
    // The same 404 as an unknown id, naming the field (query/write.ts checks references in the owner's scope).
    expect(foreign.status).toBe(404);
    expect(foreign.body.details).toMatchObject([{ path: 'body.tag', message: 'No such tag' }]);
    const inUse = await call(t.app, a, 'DELETE', `/v1/tag/${tagId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'in_use' });
    expect(inUse.body.details).toMatchObject([
      { path: 'params.id', message: `Used by tag ruleset Big (${rulesetId})` },
    ]);
  });

  it('edits without action, keeps versions, and backtests a block rule', async () => {
    const edited = await call(t.app, a, 'POST', `/v1/validationruleset/${rulesetId}`, {
      name: 'Big',
      tag: tagId,
      rules: [{ name: 'amount', operator: '>', value: '25000' }],
    });
    expect(edited.body).toMatchObject({ action: 'tag', version: 2 });
    const versions = await call(t.app, a, 'GET', `/v1/validationruleset/${rulesetId}/versions`);
    // The e-mail was not sent, so it stays (an update changes only what it sends).
    expect(edited.body.email).toBe('risk@shop-a.test');
    expect(versions.body[0].diff).toEqual([
      { path: 'rules.0.operator', before: '>=', after: '>' },
      { path: 'rules.0.value', before: '20000', after: '25000' },
    ]);
    const backtest = await call(t.app, a, 'POST', '/v1/validationruleset/backtest', {
      action: 'block',
      rules: [{ name: 'amount', operator: '>', value: '10000' }],
    });
    expect(backtest.body).toMatchObject({ transactions: 3, draft: { blocked: 2 }, actual: { blocked: 0 } });
    expect(
      (
        await call(t.app, a, 'POST', '/v1/validationruleset/backtest', {
          action: 'block',
          rules: [{ name: 'amount', operator: '>', value: 'x' }],
        })
      ).body.details[0].path,
    ).toBe('body.rules.0.value');
  });

  it('serves the MCC list', async () => {
    const mcc = await call(t.app, a, 'GET', '/v1/mcc');
    expect(mcc.body).toContainEqual({ code: '5411', description: expect.stringMatching(/Grocery/i) });
  });
});
