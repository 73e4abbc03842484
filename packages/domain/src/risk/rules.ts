import { CARD_BRANDS, RECURRING_TYPES, statusVocabularies } from '../statuses.ts';

/** How a rule's value is typed and compared (risk-config.md §5 "Routing value input types"). */
export type RuleValueType = 'boolean' | 'amount' | 'text' | 'select' | 'number' | 'percentage';

/** Rule names of routing conditions and their value types, in the spec's order. */
export const ROUTING_RULE_TYPES = {
  '3ds': 'boolean',
  recurring: 'boolean',
  amount: 'amount',
  card: 'text',
  customer: 'text',
  card_brand: 'select',
  country_code: 'select',
  currency_code: 'select',
  customer_status: 'select',
  mcc: 'select',
  card_bin: 'number',
  random: 'percentage',
} as const satisfies Record<string, RuleValueType>;

/** Ruleset rules know every routing rule name plus `recurring_type` (§5 "Ruleset form"). */
export const RULESET_RULE_TYPES = { ...ROUTING_RULE_TYPES, recurring_type: 'select' } as const satisfies Record<
  string,
  RuleValueType
>;

export type RoutingRuleName = keyof typeof ROUTING_RULE_TYPES;
export type RulesetRuleName = keyof typeof RULESET_RULE_TYPES;
export const ROUTING_RULE_NAMES = Object.keys(ROUTING_RULE_TYPES) as RoutingRuleName[];
export const RULESET_RULE_NAMES = Object.keys(RULESET_RULE_TYPES) as RulesetRuleName[];

export const COMPARISON_OPERATORS = ['==', '!=', '>', '<', '>=', '<='] as const;
export const SET_OPERATORS = ['IN', 'NOT_IN'] as const;
export const RULE_OPERATORS = [...COMPARISON_OPERATORS, ...SET_OPERATORS] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

const ORDERED: ReadonlySet<RuleValueType> = new Set(['amount', 'number', 'percentage']);

/**
 * The operators a rule name offers: text, boolean and select only == and != (§5); rulesets add
 * IN and NOT_IN for everything but booleans (multi-select values).
 */
export const operatorsFor = (type: RuleValueType, kind: 'routing' | 'ruleset'): readonly RuleOperator[] => {
  const base = ORDERED.has(type) ? COMPARISON_OPERATORS : (['==', '!='] as const);
  return kind === 'ruleset' && type !== 'boolean' ? [...base, ...SET_OPERATORS] : base;
};

export const ruleTypeOf = (name: string): RuleValueType | undefined =>
  (RULESET_RULE_TYPES as Record<string, RuleValueType>)[name];

/** Choices of the select rules that Kassa knows itself; mcc comes from the server's MCC list, countries and currencies from Intl. */
export const RULE_CHOICES: Partial<Record<RulesetRuleName, readonly string[]>> = {
  card_brand: CARD_BRANDS,
  customer_status: statusVocabularies.customer.values,
  recurring_type: RECURRING_TYPES,
};

/** A rule as stored and sent: values are strings (§5), IN and NOT_IN carry a list of strings. */
export type RuleValue = string | string[];
export type Rule = { name: string; operator: RuleOperator; value: RuleValue };
