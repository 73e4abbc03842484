import { drawFor, factOf, type PaymentFacts } from './facts.ts';
import { ruleTypeOf, type Rule } from './rules.ts';
import type { RoutingNode } from './tree.ts';

export type EvaluateOptions = {
  /** The payment's draw for `random` rules in [0, 100); by default derived from the payment id. */
  draw?: number;
  /** A generator in [0, 1) to draw from instead (a seeded one in tests). */
  random?: () => number;
};

const drawOf = (payment: PaymentFacts, options: EvaluateOptions): number =>
  options.draw ?? (options.random ? options.random() * 100 : drawFor(payment.id ?? JSON.stringify(payment)));

/** The values of an IN or NOT_IN rule: a list, or comma-separated text; empty entries are dropped. */
export const listOf = (value: Rule['value']): string[] =>
  (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter((v) => v !== '');

/** A rule value as the evaluator compares it: booleans, numbers (empty amount is 0), or trimmed lower-case text. */
export const expectedOf = (type: string, value: string): string | number | boolean => {
  if (type === 'boolean') return value === 'true';
  if (type === 'amount') return value.trim() === '' ? 0 : Number(value);
  if (type === 'number' || type === 'percentage') return Number(value);
  return value.trim().toLowerCase();
};

const normalise = (actual: string | number | boolean): string | number | boolean =>
  typeof actual === 'string' ? actual.trim().toLowerCase() : actual;

/** Whether one rule holds for the payment. A missing fact satisfies only != and NOT_IN. */
export const ruleMatches = (rule: Rule, payment: PaymentFacts, draw: number): boolean => {
  const type = ruleTypeOf(rule.name);
  if (!type) return false;
  const raw = rule.name === 'random' ? draw : factOf(payment, rule.name);
  const actual = raw === null ? null : normalise(raw);
  if (rule.operator === 'IN' || rule.operator === 'NOT_IN') {
    const found = actual !== null && listOf(rule.value).some((v) => expectedOf(type, v) === actual);
    return rule.operator === 'IN' ? found : !found;
  }
  const expected = expectedOf(type, Array.isArray(rule.value) ? (rule.value[0] ?? '') : rule.value);
  const equal = actual !== null && actual === expected;
  switch (rule.operator) {
    case '==':
      return equal;
    case '!=':
      return !equal;
    default: {
      if (typeof actual !== 'number' || typeof expected !== 'number' || Number.isNaN(expected)) return false;
      if (rule.operator === '>') return actual > expected;
      if (rule.operator === '<') return actual < expected;
      if (rule.operator === '>=') return actual >= expected;
      return actual <= expected;
    }
  }
};

/** All conditions of a list hold (an `if` and a ruleset's rules are conjunctions). */
const allMatch = (rules: readonly Rule[], payment: PaymentFacts, draw: number) =>
  rules.length > 0 && rules.every((rule) => ruleMatches(rule, payment, draw));

export type RoutingDecision = { processor: string | null; path: ('then' | 'else')[] };

/**
 * Walks the routing tree for one payment: each `if` whose conditions all hold goes to `then`,
 * otherwise to `else`, until an endpoint (a processor id). An empty branch routes nowhere (null).
 */
export const evaluateRouting = (
  tree: RoutingNode,
  payment: PaymentFacts,
  options: EvaluateOptions = {},
): RoutingDecision => {
  const draw = drawOf(payment, options);
  const path: ('then' | 'else')[] = [];
  let node = tree;
  while (node !== null && typeof node === 'object') {
    const branch = allMatch(node.if, payment, draw) ? 'then' : 'else';
    path.push(branch);
    node = node[branch];
  }
  return { processor: typeof node === 'string' && node !== '' ? node : null, path };
};

export type RulesetAction = 'tag' | 'block' | '3dSecure' | 'review';
export type EvaluableRuleset = { action: RulesetAction; rules: readonly Rule[]; tag?: string | null };
export type RulesetDecision = { matched: boolean; action: RulesetAction; tag: string | null };

/** Whether a ruleset fires for a payment: every one of its rules must hold. */
export const evaluateRuleset = (
  ruleset: EvaluableRuleset,
  payment: PaymentFacts,
  options: EvaluateOptions = {},
): RulesetDecision => ({
  matched: allMatch(ruleset.rules, payment, drawOf(payment, options)),
  action: ruleset.action,
  tag: ruleset.action === 'tag' ? (ruleset.tag ?? null) : null,
});

export type RulesetsOutcome = { blocked: boolean; tags: string[]; threeDSecure: boolean; review: boolean };

/** The combined outcome of all rulesets of an organisation for one payment. */
export const evaluateRulesets = (
  rulesets: readonly EvaluableRuleset[],
  payment: PaymentFacts,
  options: EvaluateOptions = {},
): RulesetsOutcome => {
  const draw = drawOf(payment, options);
  const outcome: RulesetsOutcome = { blocked: false, tags: [], threeDSecure: false, review: false };
  for (const ruleset of rulesets) {
    const decision = evaluateRuleset(ruleset, payment, { draw });
    if (!decision.matched) continue;
    if (decision.action === 'block') outcome.blocked = true;
    if (decision.action === '3dSecure') outcome.threeDSecure = true;
    if (decision.action === 'review') outcome.review = true;
    if (decision.tag && !outcome.tags.includes(decision.tag)) outcome.tags.push(decision.tag);
  }
  return outcome;
};
