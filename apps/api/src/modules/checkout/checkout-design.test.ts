import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let analyst: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, b, analyst } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

const create = (who: Caller, body: Record<string, unknown>) => callAs(t.app, who, 'POST', '/v1/checkoutdesign', body);

describe('checkout designs', () => {
  it('creates a design with the spec defaults, cleans its CSS, and a plan can name it', async () => {
    const created = await create(a, {
      name: 'Summer',
      payment_product_order: ['ideal', 'card'],
      css: '@import url(https://evil.test/x.css); .pay { color: red; background: url(https://evil.test/p.png); }',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Summer',
      number_format: 'en_US',
      header_color: '#c8102e',
      button_text_color: '#ffffff',
      show_language_switch: true,
      payment_product_order: ['ideal', 'card'],
      organisation: world.shopA.id,
    });
    expect(created.body.css).toContain('color: red');
    expect(created.body.css).not.toMatch(/@import|url\(|<\/style/);
    const plan = await callAs(t.app, a, 'POST', '/v1/plan', {
      name: 'Box',
      payment_profile: world.profileA,
      amount: 1000,
      interval: 'month',
      checkout: created.body.id,
    });
    expect(plan.status).toBe(201);
    expect((await callAs(t.app, a, 'GET', `/v1/plan/${plan.body.id}?_populate=checkout`)).body.checkout).toMatchObject({
      id: created.body.id,
      name: 'Summer',
    });
    const edited = await callAs(t.app, a, 'POST', `/v1/checkoutdesign/${created.body.id}`, {
      button_color: '#00ff00',
      css: '',
    });
    expect(edited.body).toMatchObject({ button_color: '#00ff00', css: null, name: 'Summer' });
  });

  it('refuses bad input with the field named', async () => {
    expect(errorPaths((await create(a, {})).body)).toEqual(['body.name']);
    const bad = await create(a, {
      name: 'x',
      header_color: 'red',
      logo_url: 'javascript:alert(1)',
      payment_product_order: ['card', 'card'],
      number_format: 'xx',
    });
    expect(errorPaths(bad.body)).toEqual([
      'body.header_color',
      'body.logo_url',
      'body.number_format',
      'body.payment_product_order',
    ]);
    expect(errorPaths((await create(a, { name: 'x', css: '.a { color: red' })).body)).toEqual(['body.css']);
  });

  it('keeps tenants apart and refuses users without the role', async () => {
    const designB = (await create(b, { name: 'B design' })).body;
    expect((await callAs(t.app, a, 'GET', `/v1/checkoutdesign/${designB.id}`)).status).toBe(404);
    expect((await callAs(t.app, a, 'POST', `/v1/checkoutdesign/${designB.id}`, { name: 'taken' })).status).toBe(404);
    expect(
      (await callAs(t.app, a, 'GET', '/v1/checkoutdesign?_limit=100')).body.map((d: { id: string }) => d.id),
    ).not.toContain(designB.id);
    expect((await create(a, { name: 'x', organisation: world.shopB.id })).status).toBe(404);
    const planWithForeign = await callAs(t.app, a, 'POST', '/v1/plan', {
      name: 'Box',
      payment_profile: world.profileA,
      amount: 1000,
      interval: 'month',
      checkout: designB.id,
    });
    expect(errorPaths(planWithForeign.body)).toEqual(['body.checkout']);
    expect((await callAs(t.app, analyst, 'GET', '/v1/checkoutdesign')).status).toBe(403);
    expect((await create(analyst, { name: 'x' })).status).toBe(403);
  });

  it('deletes a design, refusing with 409 naming the plans while one uses it', async () => {
    const design = (await create(a, { name: 'Winter' })).body;
    const plan = (
      await callAs(t.app, a, 'POST', '/v1/plan', {
        name: 'Winter box',
        payment_profile: world.profileA,
        amount: 1500,
        interval: 'month',
        checkout: design.id,
      })
    ).body;
    const refused = await callAs(t.app, a, 'DELETE', `/v1/checkoutdesign/${design.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect(refused.body.details).toMatchObject([
      { path: 'params.id', message: `Used by plan Winter box (${plan.id})` },
    ]);
    expect((await callAs(t.app, a, 'GET', `/v1/checkoutdesign/${design.id}`)).status).toBe(200);
    // Another tenant's id is the same 404 as an unknown one, and a reader may not delete.
    expect((await callAs(t.app, b, 'DELETE', `/v1/checkoutdesign/${design.id}`)).status).toBe(404);
    expect((await callAs(t.app, analyst, 'DELETE', `/v1/checkoutdesign/${design.id}`)).status).toBe(403);
    await callAs(t.app, a, 'POST', `/v1/plan/${plan.id}`, { checkout: null });
    expect((await callAs(t.app, a, 'DELETE', `/v1/checkoutdesign/${design.id}`)).status).toBe(204);
    expect((await callAs(t.app, a, 'GET', `/v1/checkoutdesign/${design.id}`)).status).toBe(404);
  });
});
