import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let aSub: Caller;
let b: Caller;

const rules = [{ name: 'amount', operator: '>', value: '1000' }];
const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, aSub, b } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

/**
 * The engine applies a merchant's rulesets of a payment's organisation and those above it, so a
 * sub-organisation's user reads the merchant-level rulesets and their tags (read only), never a
 * sibling's or another merchant's.
 */
describe('rulesets and tags that apply to a sub-organisation', () => {
  let merchantTag: string;
  let merchantRuleset: string;
  let ownRuleset: string;
  let siblingRuleset: string;
  let otherMerchantRuleset: string;

  beforeAll(async () => {
    merchantTag = (await callAs(t.app, a, 'POST', '/v1/tag', { text: 'High value', colour: '#ff0000' })).body.id;
    merchantRuleset = (
      await callAs(t.app, a, 'POST', '/v1/validationruleset', {
        name: 'Tag big',
        action: 'tag',
        tag: merchantTag,
        rules,
      })
    ).body.id;
    const sibling = (
      await callAs(t.app, a, 'POST', '/v1/organisation', {
        name: 'Sibling',
        parent: world.shopA.id,
        country_code: 'NL',
      })
    ).body.id;
    siblingRuleset = (
      await callAs(t.app, a, 'POST', '/v1/validationruleset', {
        name: 'Sibling block',
        action: 'block',
        organisation: sibling,
        rules,
      })
    ).body.id;
    ownRuleset = (
      await callAs(t.app, aSub, 'POST', '/v1/validationruleset', { name: 'Outlet block', action: 'block', rules })
    ).body.id;
    otherMerchantRuleset = (
      await callAs(t.app, b, 'POST', '/v1/validationruleset', { name: 'B block', action: 'block', rules })
    ).body.id;
  });

  it('lists, counts and opens the merchant-level ones with their tag, besides its own', async () => {
    const list = await callAs(t.app, aSub, 'GET', '/v1/validationruleset?_limit=null&_populate=tag organisation');
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([merchantRuleset, ownRuleset].sort());
    const inherited = list.body.find((row: { id: string }) => row.id === merchantRuleset);
    expect(inherited.tag).toMatchObject({ id: merchantTag, text: 'High value' });
    // The merchant above is outside the user's reach: its organisation stays an id.
    expect(inherited.organisation).toBe(world.shopA.id);
    expect((await callAs(t.app, aSub, 'GET', '/v1/validationruleset/count')).body).toEqual({ count: 2 });
    expect((await callAs(t.app, aSub, 'GET', `/v1/validationruleset/${merchantRuleset}`)).status).toBe(200);
    expect(ids((await callAs(t.app, aSub, 'GET', '/v1/tag')).body)).toEqual([merchantTag]);
    expect((await callAs(t.app, aSub, 'GET', `/v1/tag/${merchantTag}`)).status).toBe(200);
  });

  it('never shows a sibling’s or another merchant’s', async () => {
    for (const id of [siblingRuleset, otherMerchantRuleset])
      expect((await callAs(t.app, aSub, 'GET', `/v1/validationruleset/${id}`)).status).toBe(404);
  });

  it('keeps them read-only: changing, deleting or tagging with them is the 404 of an unknown id', async () => {
    const update = await callAs(t.app, aSub, 'POST', `/v1/validationruleset/${merchantRuleset}`, { name: 'Mine now' });
    expect(update.status).toBe(404);
    expect((await callAs(t.app, aSub, 'DELETE', `/v1/validationruleset/${merchantRuleset}`)).status).toBe(404);
    expect((await callAs(t.app, aSub, 'POST', `/v1/tag/${merchantTag}`, { text: 'x' })).status).toBe(404);
    expect((await callAs(t.app, aSub, 'DELETE', `/v1/tag/${merchantTag}`)).status).toBe(404);
    const reuse = await callAs(t.app, aSub, 'POST', '/v1/validationruleset', {
      name: 'Reuse',
      action: 'tag',
      tag: merchantTag,
      rules,
    });
    expect(reuse.status).toBe(404);
    expect(errorPaths(reuse.body)).toEqual(['body.tag']);
    const still = await callAs(t.app, a, 'GET', `/v1/validationruleset/${merchantRuleset}`);
    expect(still.body.name).toBe('Tag big');
  });

  it('the organisation filter gives what applies to that organisation', async () => {
    const forOutlet = await callAs(
      t.app,
      a,
      'GET',
      `/v1/validationruleset?_limit=null&organisation=${world.shopASub.id}`,
    );
    expect(ids(forOutlet.body)).toEqual([merchantRuleset, ownRuleset].sort());
    const whole = await callAs(t.app, a, 'GET', '/v1/validationruleset?_limit=null');
    expect(ids(whole.body)).toEqual([merchantRuleset, ownRuleset, siblingRuleset].sort());
  });
});
