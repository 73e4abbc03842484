import type { TReviewRule } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { scopedModedAnd } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

const HOUR = 3_600_000;
/**
 * A held payment is decided by the expiry policy six days after it was authorised: the schemes'
 * (and the sandbox acquirer's) authorisation lapses after seven (settlement-lifecycle.job.ts), so
 * a day is left for the policy's capture or void, also after a worker was down for hours.
 */
export const REVIEW_EXPIRES_AFTER_MS = 6 * 24 * HOUR;

/** The review case written in the payment's own statement (charge.repository.ts `writePayment`). */
export type ReviewCaseWrite = {
  id: string;
  rules: TReviewRule[];
  cardCountry: string | null;
  ipCountry: string | null;
  slaDueAt: Date;
  expiresAt: Date;
};

/** `insert … select` of the review case from the statement's inserted transaction (`from`, alias-free). */
export const insertReviewCaseFrom = (review: ReviewCaseWrite, from: Sql): Sql =>
  sql`insert into review_case (id, organisation_id, merchant_id, transaction_id, rules, amount, currency_code, customer_id,
      card_country, ip_country, sla_due_at, expires_at, created_at, updated_at, mode)
    select ${review.id}::text, organisation_id, merchant_id, id, ${JSON.stringify(review.rules)}::jsonb, amount, currency_code,
      customer_id, ${review.cardCountry}::text, ${review.ipCountry}::text, ${review.slaDueAt}::timestamptz,
      ${review.expiresAt}::timestamptz, created_at, created_at, mode
    from ${from}`;

/**
 * The review case of a payment held after its 3-D Secure challenge: opened now (its age and SLA
 * count from the hold, as for a payment held when it was made).
 */
export const insertReviewCase = (tx: Queryable, transactionId: string, review: ReviewCaseWrite, at: Date) =>
  tx.query(
    insertReviewCaseFrom(
      review,
      sql`(select id, organisation_id, merchant_id, amount, currency_code, customer_id, mode, ${at}::timestamptz as created_at
        from transaction where id = ${transactionId}) t`,
    ),
  );

export type LockedCase = {
  id: string;
  status: string;
  organisation_id: string;
  merchant_id: string;
  transaction_id: string;
  transaction_status: string;
};

/**
 * Locks a review case of the actor's tenancy and its transaction (`for update`) until the
 * surrounding database transaction ends: a second, racing decision waits and then sees it decided.
 */
export const lockReviewCase = async (tx: Queryable, scope: Scope | null, id: string) => {
  // A case of the other mode is as unknown as a foreign one (test mode, issue 38).
  const scoped = scope ? scopedModedAnd(scope) : sql.empty;
  const [row] = await tx.query<LockedCase>(sql`
    select e.id, e.status, e.organisation_id, e.merchant_id, e.transaction_id, t.status as transaction_status
    from review_case e join transaction t on t.id = e.transaction_id
    where e.id = ${id} ${scoped} for update of e, t`);
  return row;
};

/** Records the decision on the case and on the transaction's stored decision (its detail shows it). */
export const writeReviewDecision = async (
  tx: Queryable,
  c: { id: string; transactionId: string },
  d: {
    status: 'APPROVED' | 'DECLINED';
    by: string | null;
    via: 'reviewer' | 'policy';
    reason: string | null;
    at: Date;
  },
) => {
  await tx.query(sql`update review_case set status = ${d.status}, decided_by = ${d.by}, decided_via = ${d.via},
      decline_reason = ${d.reason}, decided_at = ${d.at}, updated_at = ${d.at} where id = ${c.id}`);
  await tx.query(sql`update transaction set decision = jsonb_set(decision, '{review}', to_jsonb(${d.status === 'APPROVED' ? 'approved' : 'declined'}::text))
      where id = ${c.transactionId} and decision is not null`);
};

export const assignReviewCase = (tx: Queryable, id: string, userId: string | null) =>
  tx.query(sql`update review_case set assigned_to = ${userId}, updated_at = now() where id = ${id}`);

/** A user who may be assigned: active, and in the case merchant's tree or the provider's (path prefix). */
export const assignableUser = async (q: Queryable, userId: string, merchantId: string) =>
  (
    await q.query<{ id: string }>(sql`select u.id from app_user u join organisation uo on uo.id = u.organisation_id
      join organisation m on m.id = ${merchantId}
      where u.id = ${userId} and u.status = 'active' and (m.path like uo.path || '%' or uo.path like m.path || '%')`)
  )[0];

/** Pending cases whose authorisation is about to lapse, oldest first. */
export const expiringReviewCases = async (q: Queryable, now: Date, limit: number) =>
  (
    await q.query<{ id: string }>(
      sql`select id from review_case where status = 'PENDING' and expires_at <= ${now} order by expires_at limit ${limit}`,
    )
  ).map((r) => r.id);

/** The expiry policy of the case's merchant (the provider's setting; decline when none was saved). */
export const expiryPolicyOf = async (q: Queryable, merchantId: string): Promise<'approve' | 'decline'> =>
  (
    await q.query<{ policy: 'approve' | 'decline' }>(
      sql`select review_expiry_policy as policy from merchant_configuration where merchant_id = ${merchantId}`,
    )
  )[0]?.policy ?? 'decline';

/** What Kassa holds about the customer behind a case (history before this payment). */
export const reviewContext = async (q: Queryable, caseId: string) =>
  (
    await q.query<{
      customer: string | null;
      segment: string | null;
      previous_payments: number;
      previous_successful: number;
      chargebacks: number;
      usual_amount: number | null;
      card_country: string | null;
      ip_country: string | null;
    }>(sql`select e.customer_id as customer, c.segment, e.card_country, e.ip_country,
      (select count(*)::int from transaction t where e.customer_id is not null and t.customer_id = e.customer_id and t.id <> e.transaction_id and t.created_at < e.created_at) as previous_payments,
      (select count(*)::int from transaction t where e.customer_id is not null and t.customer_id = e.customer_id and t.id <> e.transaction_id and t.created_at < e.created_at
        and t.status in ('SETTLEMENT_REQUESTED', 'SENT_FOR_SETTLEMENT', 'SETTLING', 'SETTLED', 'SETTLEMENT_COMPLETED', 'PAID')) as previous_successful,
      (select count(*)::int from chargeback cb join transaction t on t.id = cb.transaction_id where e.customer_id is not null and t.customer_id = e.customer_id) as chargebacks,
      (select round(avg(t.amount))::float8 from transaction t where e.customer_id is not null and t.customer_id = e.customer_id and t.id <> e.transaction_id
        and t.created_at < e.created_at and t.status in ('SETTLEMENT_REQUESTED', 'SENT_FOR_SETTLEMENT', 'SETTLING', 'SETTLED', 'SETTLEMENT_COMPLETED', 'PAID')) as usual_amount
    from review_case e left join customer c on c.id = e.customer_id where e.id = ${caseId}`)
  )[0];
