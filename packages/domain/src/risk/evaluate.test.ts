import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawFor, mulberry32, type PaymentFacts } from './facts.ts';
import { evaluateRouting, evaluateRuleset, evaluateRulesets, ruleMatches } from './evaluate.ts';
import { arbPayment, arbRule } from './arbitraries.ts';
import { RULESET_RULE_TYPES, type Rule, type RuleOperator, type RulesetRuleName } from './rules.ts';
import type { RoutingNode } from './tree.ts';

const payment = (overrides: Partial<PaymentFacts> = {}): PaymentFacts => ({
  id: 'tx_1',
  amount: 2500,
  currency_code: 'EUR',
  card_brand: 'visa',
  card_bin: '411111',
  country_code: 'NL',
  card: 'card_1',
  customer: 'cus_1',
  customer_status: 'VERIFIED',
  mcc: '5411',
  three_ds: false,
  recurring_type: 'none',
  ...overrides,
});

describe('ruleMatches, each operator and value type', () => {
  const at = (name: string, operator: RuleOperator, value: Rule['value'], p = payment()) =>
    ruleMatches({ name, operator, value }, p, 42);

  it('compares amounts in cents with all six operators', () => {
    expect([
      at('amount', '==', '2500'),
      at('amount', '!=', '2500'),
      at('amount', '>', '2499'),
      at('amount', '<', '2500'),
      at('amount', '>=', '2500'),
      at('amount', '<=', '2499'),
    ]).toEqual([true, false, true, false, true, false]);
  });
  it('reads an empty amount as 0', () => {
    expect(at('amount', '>', '')).toBe(true);
    expect(at('amount', '==', '', payment({ amount: 0 }))).toBe(true);
  });
  it('compares booleans, text and selects by == and != only, case-insensitively', () => {
    expect(at('3ds', '==', 'false')).toBe(true);
    expect(at('3ds', '==', 'true', payment({ three_ds: true }))).toBe(true);
    expect(at('recurring', '==', 'true', payment({ recurring_type: 'recurring' }))).toBe(true);
    expect(at('recurring', '==', 'false')).toBe(true);
    expect(at('card_brand', '==', 'VISA')).toBe(true);
    expect(at('country_code', '!=', 'be')).toBe(true);
    expect(at('customer', '==', 'cus_1')).toBe(true);
    expect(at('card', '!=', 'card_1')).toBe(false);
    expect(at('mcc', '==', '5411')).toBe(true);
    expect(at('customer_status', '==', 'UNVERIFIED')).toBe(false);
    expect(at('card_brand', '>', 'amex')).toBe(false);
  });
  it('compares card BINs as numbers', () => {
    expect(at('card_bin', '>=', '400000')).toBe(true);
    expect(at('card_bin', '<', '411111')).toBe(false);
  });
  it('IN and NOT_IN take a list or comma-separated values', () => {
    expect(at('country_code', 'IN', ['BE', 'NL'])).toBe(true);
    expect(at('country_code', 'IN', 'BE,DE')).toBe(false);
    expect(at('country_code', 'NOT_IN', ['BE', 'DE'])).toBe(true);
    expect(at('amount', 'IN', ['100', '2500'])).toBe(true);
    expect(at('card_brand', 'NOT_IN', ['visa'])).toBe(false);
  });
  it('a missing fact satisfies only != and NOT_IN', () => {
    const none = payment({ card_brand: null, card_bin: null });
    expect(at('card_brand', '==', 'visa', none)).toBe(false);
    expect(at('card_brand', '!=', 'visa', none)).toBe(true);
    expect(at('card_brand', 'IN', ['visa'], none)).toBe(false);
    expect(at('card_brand', 'NOT_IN', ['visa'], none)).toBe(true);
    expect(at('card_bin', '>', '0', none)).toBe(false);
  });
  it('random compares the draw in [0, 100) with the percentage', () => {
    expect(ruleMatches({ name: 'random', operator: '<', value: '50' }, payment(), 49.9)).toBe(true);
    expect(ruleMatches({ name: 'random', operator: '<', value: '50' }, payment(), 50)).toBe(false);
  });
  it('random with a fixed seed splits traffic by the percentage', () => {
    const random = mulberry32(2026);
    const hits = Array.from(
      { length: 10_000 },
      () =>
        evaluateRuleset({ action: 'block', rules: [{ name: 'random', operator: '<', value: '30' }] }, payment(), {
          random,
        }).matched,
    );
    const share = hits.filter(Boolean).length / hits.length;
    expect(share).toBeGreaterThan(0.28);
    expect(share).toBeLessThan(0.32);
    // The same seed gives the same sequence: a backtest is reproducible.
    const again = mulberry32(2026);
    expect(Array.from({ length: 5 }, () => again())).toEqual(Array.from({ length: 5 }, mulberry32(2026)));
    expect(drawFor('tx_1')).toBe(drawFor('tx_1'));
  });
});

describe('evaluateRouting', () => {
  const tree: RoutingNode = {
    if: [{ name: 'amount', operator: '>', value: '10000' }],
    then: 'prc_big',
    else: {
      if: [
        { name: 'country_code', operator: '==', value: 'NL' },
        { name: 'card_brand', operator: '==', value: 'visa' },
      ],
      then: 'prc_nl',
      else: 'prc_rest',
    },
  };
  it('follows then when every condition holds and else otherwise, and says the path', () => {
    expect(evaluateRouting(tree, payment({ amount: 20000 }))).toEqual({ processor: 'prc_big', path: ['then'] });
    expect(evaluateRouting(tree, payment())).toEqual({ processor: 'prc_nl', path: ['else', 'then'] });
    expect(evaluateRouting(tree, payment({ card_brand: 'amex' }))).toEqual({
      processor: 'prc_rest',
      path: ['else', 'else'],
    });
  });
  it('an endpoint alone routes every payment there, an empty branch nowhere', () => {
    expect(evaluateRouting('prc_only', payment())).toEqual({ processor: 'prc_only', path: [] });
    expect(
      evaluateRouting({ if: [{ name: 'amount', operator: '>', value: '0' }], then: null, else: 'x' }, payment()),
    ).toEqual({ processor: null, path: ['then'] });
  });
  it('draws random once per payment, so nested splits add up', () => {
    const split: RoutingNode = {
      if: [{ name: 'random', operator: '<', value: '30' }],
      then: 'a',
      else: { if: [{ name: 'random', operator: '<', value: '60' }], then: 'b', else: 'c' },
    };
    const random = mulberry32(7);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 6000; i++) {
      const p = evaluateRouting(split, payment(), { random }).processor ?? 'none';
      counts[p] = (counts[p] ?? 0) + 1;
    }
    expect(counts.a / 6000).toBeCloseTo(0.3, 1);
    expect(counts.b / 6000).toBeCloseTo(0.3, 1);
    expect(counts.c / 6000).toBeCloseTo(0.4, 1);
  });
});

describe('evaluateRulesets', () => {
  it('combines block, tag and 3-D Secure rulesets', () => {
    const outcome = evaluateRulesets(
      [
        { action: 'block', rules: [{ name: 'country_code', operator: 'IN', value: ['RU'] }] },
        { action: 'tag', tag: 'tag_big', rules: [{ name: 'amount', operator: '>=', value: '2500' }] },
        {
          action: '3dSecure',
          rules: [
            { name: 'card_brand', operator: '==', value: 'visa' },
            { name: 'amount', operator: '>', value: '1000' },
          ],
        },
      ],
      payment(),
    );
    expect(outcome).toEqual({ blocked: false, tags: ['tag_big'], threeDSecure: true, review: false });
  });
  it('sends a payment to the review queue when a review ruleset fires, without blocking it', () => {
    const outcome = evaluateRulesets(
      [{ action: 'review', rules: [{ name: 'amount', operator: '>=', value: '2500' }] }],
      payment(),
    );
    expect(outcome).toEqual({ blocked: false, tags: [], threeDSecure: false, review: true });
  });
  it('a ruleset without rules never fires', () => {
    expect(evaluateRuleset({ action: 'block', rules: [] }, payment()).matched).toBe(false);
  });
});

// An independent oracle: each rule written out by hand per value type, without the evaluator's helpers.
const oracle = (rule: Rule, p: PaymentFacts, draw: number): boolean => {
  const type = RULESET_RULE_TYPES[rule.name as RulesetRuleName];
  const values = (Array.isArray(rule.value) ? rule.value : [rule.value]).map(String);
  let actual: number | string | null;
  let wanted: (number | string)[];
  if (type === 'boolean') {
    const b = rule.name === '3ds' ? p.three_ds : p.recurring_type !== null && p.recurring_type !== 'none';
    actual = b ? 1 : 0;
    wanted = values.map((v) => (v === 'true' ? 1 : 0));
  } else if (type === 'amount' || type === 'number' || type === 'percentage') {
    actual =
      rule.name === 'amount' ? p.amount : rule.name === 'random' ? draw : p.card_bin ? parseInt(p.card_bin, 10) : null;
    wanted = values.map((v) => (v === '' ? 0 : parseFloat(v)));
  } else {
    const raw = (p as unknown as Record<string, string | null>)[rule.name];
    actual = raw === null ? null : raw.toUpperCase();
    wanted = values.map((v) => v.toUpperCase());
  }
  const has = actual !== null && wanted.includes(actual);
  switch (rule.operator) {
    case 'IN':
      return has;
    case 'NOT_IN':
      return !has;
    case '==':
      return actual !== null && actual === wanted[0];
    case '!=':
      return !(actual !== null && actual === wanted[0]);
    case '>':
      return typeof actual === 'number' && actual > (wanted[0] as number);
    case '<':
      return typeof actual === 'number' && actual < (wanted[0] as number);
    case '>=':
      return typeof actual === 'number' && actual >= (wanted[0] as number);
    case '<=':
      return typeof actual === 'number' && actual <= (wanted[0] as number);
  }
};

describe('agreement with an independent brute-force oracle on generated transactions', () => {
  it('every rule, operator and value type', () => {
    fc.assert(
      fc.property(
        arbRule,
        arbPayment,
        fc.double({ min: 0, max: 99.999, noNaN: true }),
        (rule, p, draw) => ruleMatches(rule, p, draw) === oracle(rule, p, draw),
      ),
      { numRuns: 5000 },
    );
  });
  it('whole rulesets (conjunctions) and trees of depth two', () => {
    fc.assert(
      fc.property(fc.array(arbRule, { minLength: 1, maxLength: 4 }), arbRule, arbPayment, (rules, inner, p) => {
        const draw = drawFor(p.id ?? '');
        const expected = rules.every((r) => oracle(r, p, draw));
        expect(evaluateRuleset({ action: 'block', rules }, p).matched).toBe(expected);
        const tree: RoutingNode = { if: rules, then: { if: [inner], then: 'a', else: 'b' }, else: 'c' };
        const want = expected ? (oracle(inner, p, draw) ? 'a' : 'b') : 'c';
        expect(evaluateRouting(tree, p).processor).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });
});
