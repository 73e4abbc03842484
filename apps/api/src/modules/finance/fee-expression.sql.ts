import { EEA_COUNTRIES, type TFeeRule } from '@kassa/domain';
import { sql, type Sql } from '../../plugins/db/index.ts';

const BIGINT_MAX = '9223372036854775807';

/** The pricing region of payment `t` seen from the merchant's country (as `regionOf` in the domain). */
export const regionExpression = (home: string | null): Sql =>
  sql`(case when t.country_code = ${home} then 'domestic' when t.country_code = any(${[...EEA_COUNTRIES]}) then 'eea' else 'international' end)`;

const specificity = (rule: TFeeRule) =>
  [rule.payment_product, rule.card_brand, rule.region, rule.currency_code].filter((v) => v !== null).length;

/**
 * The fee of payment `t` (alias of the transaction row) under `rules`, as one SQL `case`: the
 * rules are tried most specific first, ties in their own order, so the first that matches is the
 * rule `feeOf` chooses. Fee = fixed + amount × bp / 10 000 rounded half up, kept within minimum
 * and maximum; 0 when no rule matches. Written out per statement instead of a subquery per
 * payment so that a million payments are priced in one pass at the cost of a few comparisons each.
 */
export const feeExpression = (rules: readonly TFeeRule[], home: string | null): Sql => {
  if (rules.length === 0) return sql`0::bigint`;
  const region = regionExpression(home);
  const ordered = rules
    .map((rule, ord) => ({ rule, ord }))
    .sort((a, b) => specificity(b.rule) - specificity(a.rule) || a.ord - b.ord);
  const branches = ordered.map(({ rule }) => {
    const conditions: Sql[] = [];
    if (rule.payment_product !== null) conditions.push(sql`t.payment_product_type = ${rule.payment_product}`);
    if (rule.card_brand !== null) conditions.push(sql`t.card_brand = ${rule.card_brand}`);
    if (rule.region !== null) conditions.push(sql`${region} = ${rule.region}`);
    if (rule.currency_code !== null) conditions.push(sql`t.currency_code = ${rule.currency_code}`);
    const when = conditions.length > 0 ? sql.join(conditions, ' and ') : sql`true`;
    const maximum = rule.maximum === null ? sql.raw(BIGINT_MAX) : sql`${rule.maximum}::bigint`;
    return sql`when ${when} then least(greatest(${rule.fixed}::bigint + (t.amount * ${rule.percentage_bp}::bigint + 5000) / 10000, ${rule.minimum}::bigint), ${maximum})`;
  });
  return sql`(case ${sql.join(branches, ' ')} else 0::bigint end)`;
};
