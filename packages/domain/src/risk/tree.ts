import { CARD_BRANDS, RECURRING_TYPES, statusVocabularies } from '../statuses.ts';
import type { DetailCode } from '../errors.ts';
import { operatorsFor, ruleTypeOf, type Rule, type RuleOperator } from './rules.ts';

/** A branch of the routing tree: conditions (`if`, all must hold) with a `then` and an `else` child. */
export type RoutingBranch = { if: Rule[]; then: RoutingNode; else: RoutingNode };
/** A node: an endpoint (processor id), a branch, or null for a branch not filled in yet. */
export type RoutingNode = string | RoutingBranch | null;

/**
 * The rule validators' refusals: a stable code (the web shows `errors.<code>`) with an English
 * sentence for integrators.
 */
const RISK_ISSUES = {
  required: 'This field is required',
  unknownRule: 'Unknown rule name',
  operatorNotAllowed: 'This operator is not allowed for this rule',
  boolean: 'Choose true or false',
  amount: 'Enter an amount of at least 0',
  number: 'Enter a whole number',
  percentage: 'Enter a percentage from 0 to 100',
  choice: 'Choose one of the offered values',
  endpoint: 'Choose a processor',
  conditions: 'Add at least one condition',
  list: 'Choose at least one value',
  processorUnknown: 'This processor cannot be used for this payment product',
} as const;
type RiskIssue = keyof typeof RISK_ISSUES;

const CODE_OF: Record<RiskIssue, DetailCode> = {
  required: 'required',
  unknownRule: 'unknownRule',
  operatorNotAllowed: 'operatorNotAllowed',
  boolean: 'invalidOption',
  amount: 'invalidAmount',
  number: 'wholeNumber',
  percentage: 'invalidPercentage',
  choice: 'invalidOption',
  endpoint: 'noEndpoint',
  conditions: 'noConditions',
  list: 'required',
  processorUnknown: 'unroutable',
};

export type RuleIssue = { path: (string | number)[]; code: DetailCode; message: string };

const at = (path: (string | number)[], kind: RiskIssue): RuleIssue => ({
  path,
  code: CODE_OF[kind],
  message: RISK_ISSUES[kind],
});

const COUNTRY = /^[A-Za-z]{2}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const MCC = /^\d{4}$/;

const valueIssue = (name: string, type: string, value: string, kind: 'routing' | 'ruleset'): RiskIssue | null => {
  const v = value.trim();
  if (type === 'amount' && v === '' && kind === 'ruleset') return null;
  if (name === 'recurring_type' && v === '') return null;
  if (v === '') return 'required';
  switch (type) {
    case 'boolean':
      return v === 'true' || v === 'false' ? null : 'boolean';
    case 'amount':
      return /^\d+$/.test(v) && Number(v) <= 1e13 ? null : 'amount';
    case 'number':
      return /^\d{1,10}$/.test(v) ? null : 'number';
    case 'percentage':
      return /^\d+(\.\d+)?$/.test(v) && Number(v) <= 100 ? null : 'percentage';
    case 'text':
      return v.length <= 64 ? null : 'required';
    default: {
      const ok =
        name === 'country_code'
          ? COUNTRY.test(v)
          : name === 'currency_code'
            ? CURRENCY.test(v)
            : name === 'mcc'
              ? MCC.test(v)
              : name === 'card_brand'
                ? (CARD_BRANDS as readonly string[]).includes(v)
                : name === 'customer_status'
                  ? (statusVocabularies.customer.values as readonly string[]).includes(v)
                  : name === 'recurring_type'
                    ? (RECURRING_TYPES as readonly string[]).includes(v)
                    : true;
      return ok ? null : 'choice';
    }
  }
};

/** What is wrong with one rule (§5): name, then operator for that name, then the value for both. */
export const ruleIssues = (rule: Partial<Rule> | undefined, kind: 'routing' | 'ruleset'): RuleIssue[] => {
  const name = rule?.name ?? '';
  const type = ruleTypeOf(name);
  if (!name) return [at(['name'], 'required')];
  if (!type || (kind === 'routing' && name === 'recurring_type')) return [at(['name'], 'unknownRule')];
  const operator = rule?.operator as RuleOperator | undefined;
  if (!operator) return [at(['operator'], 'required')];
  if (!operatorsFor(type, kind).includes(operator)) return [at(['operator'], 'operatorNotAllowed')];
  const value = rule?.value;
  if (operator === 'IN' || operator === 'NOT_IN') {
    const list = Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(',').filter((v) => v.trim())
        : [];
    if (list.length === 0) return [at(['value'], 'list')];
    // Inside a list every value counts, so an empty one is never accepted.
    const bad = list
      .map((v) => (String(v).trim() === '' ? 'required' : valueIssue(name, type, String(v), kind)))
      .find(Boolean);
    return bad ? [at(['value'], bad)] : [];
  }
  if (typeof value !== 'string') return [at(['value'], 'required')];
  const bad = valueIssue(name, type, value, kind);
  return bad ? [at(['value'], bad)] : [];
};

/**
 * Every problem of a routing tree with its path inside the tree (§5 "Routing form"): an empty
 * node, an `if` without conditions, a condition missing name, operator or value, an endpoint
 * that is not one of `processors` (when given).
 */
export const routingTreeIssues = (
  node: RoutingNode | undefined,
  processors?: readonly string[],
  path: (string | number)[] = [],
): RuleIssue[] => {
  if (node === null || node === undefined || node === '') return [at(path, 'endpoint')];
  if (typeof node === 'string') return processors && !processors.includes(node) ? [at(path, 'processorUnknown')] : [];
  const issues: RuleIssue[] = [];
  if (!Array.isArray(node.if) || node.if.length === 0) issues.push(at([...path, 'if'], 'conditions'));
  (node.if ?? []).forEach((rule, i) =>
    issues.push(...ruleIssues(rule, 'routing').map((issue) => ({ ...issue, path: [...path, 'if', i, ...issue.path] }))),
  );
  issues.push(...routingTreeIssues(node.then, processors, [...path, 'then']));
  issues.push(...routingTreeIssues(node.else, processors, [...path, 'else']));
  return issues;
};

/** The processor ids a tree routes to, in the order they first appear (the routing's `processors`). */
export const processorsOf = (node: RoutingNode): string[] => {
  if (node === null) return [];
  if (typeof node === 'string') return node ? [node] : [];
  return [...new Set([...processorsOf(node.then), ...processorsOf(node.else)])];
};

/** The depth of a tree: an endpoint is 0, a branch 1 more than its deepest child. */
export const depthOf = (node: RoutingNode): number =>
  node !== null && typeof node === 'object' ? 1 + Math.max(depthOf(node.then), depthOf(node.else)) : 0;
