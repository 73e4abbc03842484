import type { TRulesetBacktest } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';

export type ReplayOrganisation = { id: string; type: string; path: string };

/** The replayed transactions; customer and organisation are joined only when a rule reads them (`c.`, `o.` in the compiled SQL). */
const FROM = (organisation: ReplayOrganisation, from: Date, reads: Sql, product?: string) => {
  const owner =
    organisation.type === 'merchant'
      ? sql`t.merchant_id = ${organisation.id}`
      : sql`t.organisation_id in (select id from organisation where path like ${`${organisation.path}%`})`;
  const joins = sql.raw(
    `${reads.text.includes('o.mcc') ? 'join organisation o on o.id = t.organisation_id' : ''} ${reads.text.includes('c.status') ? 'left join customer c on c.id = t.customer_id' : ''}`,
  );
  return sql`from transaction t ${joins} where ${owner} and t.created_at >= ${from} ${product ? sql`and t.payment_product_type = ${product}` : sql.empty}`;
};

/** Transactions per (draft processor, actual processor) of an organisation since `from`, counted by the database. */
export const countRoutes = (tx: Queryable, organisation: ReplayOrganisation, from: Date, product: string, draft: Sql) =>
  tx.query<{ draft: string | null; actual: string | null; n: number }>(
    sql`select ${draft} as draft, t.processor_id as actual, count(*)::int as n ${FROM(organisation, from, draft, product)} group by 1, 2`,
  );

/** How many transactions match a condition, next to how many had the outcome (blocked, tagged, 3-D Secure). */
export const countMatches = async (
  tx: Queryable,
  organisation: ReplayOrganisation,
  from: Date,
  draft: Sql,
  actual: Sql,
) => {
  const [row] = await tx.query<{ total: number; draft: number; actual: number }>(
    sql`select count(*)::int as total, count(*) filter (where ${draft})::int as draft, count(*) filter (where ${actual})::int as actual ${FROM(organisation, from, draft)}`,
  );
  return row;
};

export const organisationById = async (tx: Queryable, id: string): Promise<ReplayOrganisation> => {
  const [row] = await tx.query<ReplayOrganisation>(sql`select id, type, path from organisation where id = ${id}`);
  return row;
};

/** What a ruleset with this action did to a transaction in fact: blocked it, sent it to 3-D Secure, or tagged it (with `tag`, or with any tag). */
export const rulesetOutcome = (action: TRulesetBacktest['action'], tag: string | null | undefined): Sql =>
  action === 'block'
    ? sql`t.blocked`
    : action === 'review'
      ? sql`(t.decision->>'review') is not null`
      : action === '3dSecure'
        ? sql`t.three_ds`
        : tag
          ? sql`${tag} = any(t.tags)`
          : sql`t.tags <> '{}'`;

/**
 * How the payments a draft review ruleset would have held were decided when they were held
 * (issue 36: decisions are labels): by a reviewer, by the expiry policy, or not yet; and how many
 * of the approved ones were charged back since.
 */
export const countReviewDecisions = async (tx: Queryable, organisation: ReplayOrganisation, from: Date, draft: Sql) =>
  (
    await tx.query<{
      held: number;
      approved: number;
      declined: number;
      expired: number;
      pending: number;
      approved_charged_back: number;
    }>(sql`select count(*)::int as held,
      count(*) filter (where r.status = 'APPROVED' and r.decided_via = 'reviewer')::int as approved,
      count(*) filter (where r.status = 'DECLINED' and r.decided_via = 'reviewer')::int as declined,
      count(*) filter (where r.decided_via = 'policy')::int as expired,
      count(*) filter (where r.status = 'PENDING')::int as pending,
      count(*) filter (where r.status = 'APPROVED' and exists (select 1 from chargeback c where c.transaction_id = r.transaction_id))::int as approved_charged_back
    from review_case r where r.transaction_id in (select t.id ${FROM(organisation, from, draft)} and ${draft})`)
  )[0];
