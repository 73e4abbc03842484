import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRouting, evaluateRuleset, type PaymentFacts, type RoutingNode } from '@kassa/domain';
import { arbPayment, arbRule } from '../../../../../packages/domain/src/risk/arbitraries.ts';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestWorld, type TestWorld } from '../../test/world.ts';
import { routingSql, rulesSql } from './rule.sql.ts';

let t: TestApp;
let world: TestWorld;
const facts = new Map<string, PaymentFacts>();

const FROM = sql`from transaction t join organisation o on o.id = t.organisation_id left join customer c on c.id = t.customer_id where t.merchant_id = `;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await t.db.query(sql`update organisation set mcc = '5411' where id = ${world.shopA.id}`);
  for (const [id, status] of [
    ['cus_1', 'VERIFIED'],
    ['cus_2', 'UNVERIFIED'],
  ]) {
    await t.db.query(
      sql`insert into customer (id, organisation_id, merchant_id, status) values (${id}, ${world.shopA.id}, ${world.shopA.id}, ${status})`,
    );
  }
  // Generated payments stored as transactions, half in the sub-organisation (which has no MCC).
  const payments = fc.sample(arbPayment, { seed: 12, numRuns: 200 });
  for (const [i, p] of payments.entries()) {
    const org = i % 2 === 0 ? world.shopA.id : world.shopASub.id;
    const profile = i % 2 === 0 ? world.profileA : world.profileASub;
    await t.db
      .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, merchant_reference, amount, currency_code, payment_product_type,
        card_brand, card_bin, country_code, customer_id, three_ds, recurring_type, status)
      values (${newId('tx')}, ${org}, ${world.shopA.id}, ${profile}, ${`R${i}`}, ${p.amount}, ${p.currency_code ?? 'EUR'}, 'card', ${p.card_brand}, ${p.card_bin},
        ${p.country_code}, ${p.customer}, ${p.three_ds}, ${p.recurring_type ?? 'none'}, 'SETTLEMENT_COMPLETED')`);
  }
  // What the JavaScript evaluator sees of each stored transaction.
  const rows = await t.db
    .query<PaymentFacts>(sql`select t.id, t.amount::float8 as amount, t.currency_code, t.card_brand, t.card_bin, t.country_code, null as card,
      t.customer_id as customer, c.status as customer_status, o.mcc, t.three_ds, t.recurring_type ${FROM}${world.shopA.id}`);
  for (const row of rows) facts.set(row.id as string, row);
});
afterAll(() => t.close());

describe('the SQL compilation of rules agrees with the evaluator on every stored transaction', () => {
  it('rulesets', async () => {
    expect(facts.size).toBe(200);
    await fc.assert(
      fc.asyncProperty(fc.array(arbRule, { minLength: 1, maxLength: 3 }), async (rules) => {
        const rows = await t.db.query<{ id: string; m: boolean }>(
          sql`select t.id, ${rulesSql(rules)} as m ${FROM}${world.shopA.id}`,
        );
        for (const row of rows)
          expect([row.id, row.m]).toEqual([
            row.id,
            evaluateRuleset({ action: 'block', rules }, facts.get(row.id) as PaymentFacts).matched,
          ]);
      }),
      { numRuns: 150, seed: 7 },
    );
  });
  it('routing trees of depth two, random included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbRule, { minLength: 1, maxLength: 2 }), arbRule, async (outer, inner) => {
        const tree: RoutingNode = {
          if: outer,
          then: { if: [inner, { name: 'random', operator: '<', value: '40' }], then: 'a', else: null },
          else: 'c',
        };
        const rows = await t.db.query<{ id: string; p: string | null }>(
          sql`select t.id, ${routingSql(tree)} as p ${FROM}${world.shopA.id}`,
        );
        for (const row of rows)
          expect([row.id, row.p]).toEqual([row.id, evaluateRouting(tree, facts.get(row.id) as PaymentFacts).processor]);
      }),
      { numRuns: 100, seed: 8 },
    );
  });
});
