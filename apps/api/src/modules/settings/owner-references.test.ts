import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { ensureDemoWorld } from '../../demo/ensure.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths } from '../../test/call.ts';

/**
 * The reproductions of issue 31 item 3 (third bullet) and issue 30 item 9 on the demo world:
 * references are checked in the scope of the row's owner, whoever writes it.
 */
let t: TestApp;
let admin: Caller;
let winkel: Caller;
const org = {} as Record<'zuiderzee' | 'amsterdam' | 'noordlicht', string>;

const idOf = async (table: string, organisationId: string) =>
  (
    await t.db.query<{ id: string }>(
      sql`select id from ${sql.raw(table)} where organisation_id = ${organisationId} order by id limit 1`,
    )
  )[0]?.id;

/** A row of `organisation` in `path`, made by provider staff when the demo world has none. */
const rowOf = async (table: string, path: string, organisationId: string, body: Record<string, unknown>) => {
  const found = await idOf(table, organisationId);
  if (found) return found;
  const made = await callAs(t.app, admin, 'POST', `/v1/${path}`, { ...body, organisation: organisationId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
};

beforeAll(async () => {
  t = await createTestApp({ demoScale: 300, demoSeed: 11 });
  await ensureDemoWorld(t.db, t.config);
  for (const [key, name] of [
    ['zuiderzee', 'Zuiderzee Fietsen B.V.'],
    ['amsterdam', 'Zuiderzee Fietsen Amsterdam'],
    ['noordlicht', 'Noordlicht Mode'],
  ] as const) {
    const [row] = await t.db.query<{ id: string }>(sql`select id from organisation where name like ${`${name}%`}`);
    org[key] = row.id;
  }
  await t.db.query(sql`update organisation set features = array_append(features, 'collecting')
    where not ('collecting' = any(features))`);
  admin = await signIn(t.app, 'admin@kassa.test', DEMO_PASSWORD);
  winkel = await signIn(t.app, 'winkel@kassa.test', DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('references in the scope of the row’s owner (demo world)', () => {
  it('refuses provider staff a Noordlicht routing on a Zuiderzee Amsterdam profile, as an unknown one', async () => {
    const profile = await idOf('payment_profile', org.amsterdam);
    expect(profile).toBeTruthy();
    // A Noordlicht routing through every card processor the Zuiderzee profile has: only its owner makes it foreign.
    const processors = (
      await t.db.query<{ id: string }>(
        sql`select p.id from processor p, payment_profile pp where pp.id = ${profile} and p.id = any(pp.processors) and p.payment_product = 'card' order by p.id`,
      )
    ).map((row) => row.id);
    expect(processors.length).toBeGreaterThan(0);
    type Node = string | { if: unknown[]; then: Node; else: Node };
    const chain = (ids: string[]): Node =>
      ids.length === 1
        ? ids[0]
        : { if: [{ name: 'amount', operator: '>', value: '1' }], then: ids[0], else: chain(ids.slice(1)) };
    // The demo world puts Noordlicht's routing under four eyes (issue 35): lifted here, this is about references.
    await t.db.query(sql`delete from change_policy where organisation_id = ${org.noordlicht}`);
    const made = await callAs(t.app, admin, 'POST', '/v1/routing', {
      name: 'Noordlicht cards',
      organisation: org.noordlicht,
      payment_product: 'card',
      details: processors.length === 1 ? chain([processors[0], processors[0]]) : chain(processors),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const routing = made.body.id as string;
    const before = (await callAs(t.app, admin, 'GET', `/v1/paymentprofile/${profile}`)).body;
    const answer = await callAs(t.app, admin, 'POST', `/v1/paymentprofile/${profile}`, {
      intelligent_routing: true,
      routing: { card: routing },
    });
    expect(answer.status).toBe(404);
    expect(errorPaths(answer.body)).toEqual(['body.routing.card']);
    expect((await callAs(t.app, admin, 'GET', `/v1/paymentprofile/${profile}`)).body).toEqual(before);
  });

  it('refuses a sub-organisation its parent’s profile, tag, bank account and checkout design in what it creates', async () => {
    const parent = {
      profile: await idOf('payment_profile', org.zuiderzee),
      tag: await rowOf('tag', 'tag', org.zuiderzee, { text: 'Zuiderzee VIP', colour: '#aa3300' }),
      bankAccount: await rowOf('bank_account', 'bankaccount', org.zuiderzee, {
        holder_name: 'Zuiderzee Fietsen B.V.',
        iban: 'NL91ABNA0417164300',
      }),
      design: await rowOf('checkout_design', 'checkoutdesign', org.zuiderzee, { name: 'Zuiderzee' }),
    };
    const own = await idOf('payment_profile', org.amsterdam);
    const attempts = [
      [
        'validationruleset',
        { name: 'Probe', action: 'tag', tag: parent.tag, rules: [{ name: 'amount', operator: '>', value: '1' }] },
        'body.tag',
      ],
      [
        'validationruleset',
        {
          name: 'Probe',
          action: 'block',
          payment_profile: parent.profile,
          rules: [{ name: 'amount', operator: '>', value: '1' }],
        },
        'body.payment_profile',
      ],
      [
        'paymentprofile',
        { name: 'Probe', display_name: 'Probe', bank_account: parent.bankAccount },
        'body.bank_account',
      ],
      [
        'plan',
        { name: 'Probe', payment_profile: own, amount: 1000, interval: 'month', checkout: parent.design },
        'body.checkout',
      ],
    ] as const;
    for (const [path, body, at] of attempts) {
      const table = { validationruleset: 'validation_ruleset', paymentprofile: 'payment_profile', plan: 'plan' }[path];
      const count = async () =>
        (await t.db.query<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;
      const before = await count();
      const answer = await callAs(t.app, winkel, 'POST', `/v1/${path}`, { ...body, organisation: org.amsterdam });
      expect(answer.status, `${path} ${at} ${JSON.stringify(answer.body)}`).toBe(404);
      expect(errorPaths(answer.body)).toEqual([at]);
      expect(await count()).toBe(before);
    }
  });
});
