import { expectedOf, listOf, ruleTypeOf, type Rule, type RoutingNode } from '@kassa/domain';
import { sql, type Sql } from '../../plugins/db/index.ts';

/**
 * The rules of packages/domain compiled to SQL over `transaction t`, `customer c` and
 * `organisation o`, so a backtest counts in the database instead of shipping every row. It is a
 * second implementation of the evaluator; risk-sql.test.ts checks that both agree.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const digit = (i: number) => `greatest(strpos('${ALPHABET}', lower(substr(right('0000' || t.id, 4), ${i}, 1))) - 1, 0)`;
/** The draw of `drawFor` (domain facts.ts): the id's last four base-32 characters, scaled to [0, 100). */
const DRAW = `((${digit(1)} * 32768 + ${digit(2)} * 1024 + ${digit(3)} * 32 + ${digit(4)}) * 100.0::float8 / 1048576)`;

type Fact = { expr: string; kind: 'text' | 'number' | 'bool' };

const FACTS: Record<string, Fact> = {
  '3ds': { expr: 't.three_ds', kind: 'bool' },
  recurring: { expr: "(t.recurring_type is not null and t.recurring_type <> 'none')", kind: 'bool' },
  amount: { expr: 't.amount::float8', kind: 'number' },
  card_bin: { expr: "(case when t.card_bin ~ '^[0-9]+$' then t.card_bin::float8 end)", kind: 'number' },
  random: { expr: DRAW, kind: 'number' },
  card: { expr: 'null::text', kind: 'text' },
  customer: { expr: 't.customer_id', kind: 'text' },
  card_brand: { expr: 't.card_brand', kind: 'text' },
  country_code: { expr: 't.country_code', kind: 'text' },
  currency_code: { expr: 't.currency_code', kind: 'text' },
  customer_status: { expr: 'c.status', kind: 'text' },
  mcc: { expr: 'o.mcc', kind: 'text' },
  recurring_type: { expr: 't.recurring_type', kind: 'text' },
};

const OPERATORS: Record<string, string> = { '>': '>', '<': '<', '>=': '>=', '<=': '<=' };

/** One rule as a SQL condition with the evaluator's semantics (a missing fact holds only for != and NOT_IN). */
export const ruleSql = (rule: Rule): Sql => {
  const type = ruleTypeOf(rule.name);
  const fact = FACTS[rule.name];
  if (!type || !fact) return sql`false`;
  const actual = sql.raw(fact.kind === 'text' ? `lower(trim(${fact.expr}))` : fact.expr);
  const cast = sql.raw(fact.kind === 'text' ? 'text[]' : fact.kind === 'bool' ? 'boolean[]' : 'float8[]');
  if (rule.operator === 'IN' || rule.operator === 'NOT_IN') {
    const values = listOf(rule.value)
      .map((v) => expectedOf(type, v))
      .filter((v) => !(typeof v === 'number' && Number.isNaN(v)));
    const found = sql`coalesce(${actual} = any(${values}::${cast}), false)`;
    return rule.operator === 'IN' ? found : sql`not ${found}`;
  }
  const expected = expectedOf(type, Array.isArray(rule.value) ? (rule.value[0] ?? '') : rule.value);
  if (typeof expected === 'number' && Number.isNaN(expected)) return rule.operator === '!=' ? sql`true` : sql`false`;
  const value =
    fact.kind === 'number'
      ? sql`${expected}::float8`
      : fact.kind === 'bool'
        ? sql`${expected}::boolean`
        : sql`${expected}::text`;
  if (rule.operator === '==') return sql`coalesce(${actual} = ${value}, false)`;
  if (rule.operator === '!=') return sql`not coalesce(${actual} = ${value}, false)`;
  // Ordering applies to numbers only; on text or booleans the evaluator answers false.
  if (fact.kind !== 'number' || typeof expected !== 'number') return sql`false`;
  return sql`coalesce(${actual} ${sql.raw(OPERATORS[rule.operator])} ${value}, false)`;
};

/** All rules hold; no rules never holds. */
export const rulesSql = (rules: readonly Rule[]): Sql =>
  rules.length === 0 ? sql`false` : sql`(${sql.join(rules.map(ruleSql), ' and ')})`;

/** The processor a tree picks, as a CASE expression (null where it routes nowhere). */
export const routingSql = (node: RoutingNode): Sql => {
  if (node === null || node === '') return sql`null::text`;
  if (typeof node === 'string') return sql`${node}::text`;
  return sql`(case when ${rulesSql(node.if)} then ${routingSql(node.then)} else ${routingSql(node.else)} end)`;
};
