import fc from 'fast-check';
import type { PaymentFacts } from './facts.ts';
import { operatorsFor, RULESET_RULE_TYPES, type Rule, type RulesetRuleName } from './rules.ts';

/** fast-check generators of payments and rules, for the evaluator's property tests here and in the API. */
export const arbPayment = fc.record<PaymentFacts>({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  // Boundary values shared by payments and rules, so == and >= are told apart from > .
  amount: fc.oneof(fc.constantFrom(0, 100, 2500, 10_000), fc.integer({ min: 0, max: 50_000 })),
  currency_code: fc.constantFrom('EUR', 'USD', null),
  card_brand: fc.constantFrom('visa', 'mastercard', 'amex', null),
  card_bin: fc.option(
    fc.oneof(fc.constantFrom('411111', '550000'), fc.integer({ min: 100000, max: 999999 }).map(String)),
  ),
  country_code: fc.constantFrom('NL', 'BE', 'DE', null),
  card: fc.constantFrom('card_1', 'card_2', null),
  customer: fc.constantFrom('cus_1', 'cus_2', null),
  customer_status: fc.constantFrom('VERIFIED', 'UNVERIFIED', null),
  mcc: fc.constantFrom('5411', '5732', null),
  three_ds: fc.boolean(),
  recurring_type: fc.constantFrom('none', 'initial', 'recurring', null),
});

const VALUE_POOL: Record<string, fc.Arbitrary<string>> = {
  boolean: fc.constantFrom('true', 'false'),
  amount: fc.oneof(fc.constantFrom('', '0', '100', '2500', '10000'), fc.integer({ min: 0, max: 50_000 }).map(String)),
  number: fc.oneof(fc.constantFrom('411111', '550000'), fc.integer({ min: 100000, max: 999999 }).map(String)),
  percentage: fc.integer({ min: 0, max: 100 }).map(String),
  card: fc.constantFrom('card_1', 'card_2'),
  customer: fc.constantFrom('cus_1', 'cus_2'),
  card_brand: fc.constantFrom('visa', 'mastercard', 'amex'),
  country_code: fc.constantFrom('NL', 'BE', 'DE'),
  currency_code: fc.constantFrom('EUR', 'USD'),
  customer_status: fc.constantFrom('VERIFIED', 'UNVERIFIED'),
  mcc: fc.constantFrom('5411', '5732'),
  recurring_type: fc.constantFrom('none', 'initial', 'recurring'),
};

export const arbRule: fc.Arbitrary<Rule> = fc
  .constantFrom(...(Object.keys(RULESET_RULE_TYPES) as RulesetRuleName[]))
  .chain((name) => {
    const type = RULESET_RULE_TYPES[name];
    const pool = VALUE_POOL[type === 'text' || type === 'select' ? name : type];
    return fc.constantFrom(...operatorsFor(type, 'ruleset')).chain((operator) =>
      (operator === 'IN' || operator === 'NOT_IN'
        ? fc.array(
            pool.filter((v) => v !== ''),
            { minLength: 1, maxLength: 3 },
          )
        : pool
      ).map((value) => ({ name, operator, value }) as Rule),
    );
  });
