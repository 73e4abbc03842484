import { DISPUTE_RESPONSE_DAYS } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { SETTLED_BY_FILE } from '../reconciliation/reconciliation.repository.ts';

/**
 * The transactions (alias `transaction`) the sandbox timer settles or declines: every one it
 * declines (amount ending in 54), test payments (never in a settlement file: test mode, issue 38), and the
 * others only where no settlement importer's file confirms them.
 */
export const SETTLED_BY_TIMER: Sql = sql`(transaction.mode = 'test' or transaction.amount % 100 = 54 or not ${SETTLED_BY_FILE('transaction.processor_id')})`;

/** Ids of transactions in one of `statuses` whose last change is before `cutoff`, oldest first. */
/** A step's condition widened to the payments last moved before `before` (a demo world's history). */
export const orLastMovedBefore = (only: Sql, before: Date): Sql => sql`(${only} or transaction.updated_at < ${before})`;

export const dueTransactions = async (
  db: Queryable,
  statuses: readonly string[],
  cutoff: Date,
  limit: number,
  only: Sql = sql`true`,
): Promise<string[]> =>
  (
    await db.query<{
      id: string;
    }>(sql`select id from transaction where status = any(${statuses as string[]}) and updated_at < ${cutoff} and ${only}
    order by updated_at limit ${limit}`)
  ).map((row) => row.id);

/**
 * Locks one transaction if it is still due; one another worker holds is skipped (that worker
 * moves it), and one that moved on since it was listed is not returned.
 */
export const lockDueTransaction = async (
  tx: Queryable,
  id: string,
  statuses: readonly string[],
  cutoff: Date,
  only: Sql = sql`true`,
) =>
  (
    await tx.query<{
      id: string;
      status: string;
      amount: number;
      organisation_id: string;
    }>(sql`select id, status, amount, organisation_id from transaction
    where id = ${id} and status = any(${statuses as string[]}) and updated_at < ${cutoff} and ${only}
      -- A payment held for review is decided by the review expiry policy (issue 36), never lapsed under it.
      and not exists (select 1 from review_case r where r.transaction_id = transaction.id and r.status = 'PENDING')
    for update skip locked`)
  )[0];

/** A payment is charged back once: one whose chargeback was won is back in SETTLEMENT_COMPLETED and stays there. */
const NOT_CHARGED_BACK = sql`not exists (select 1 from chargeback c where c.transaction_id = transaction.id)`;

/**
 * Settled transactions the sandbox acquirer charges back (an amount ending in 55), unchanged since
 * `cutoff`, oldest first. Only payments the engine decided (`decision` set): the history a demo
 * world or an import brings has its own chargebacks already.
 */
export const dueChargebacks = async (db: Queryable, cutoff: Date, limit: number): Promise<string[]> =>
  (
    await db.query<{
      id: string;
    }>(sql`select id from transaction where status = 'SETTLEMENT_COMPLETED' and amount % 100 = 55 and decision is not null and updated_at < ${cutoff}
    and ${NOT_CHARGED_BACK} order by updated_at limit ${limit}`)
  ).map((row) => row.id);

export type ChargebackCandidate = {
  id: string;
  status: string;
  organisation_id: string;
  merchant_id: string;
  payment_profile_id: string;
  processor_id: string | null;
  currency_code: string;
  /** What is left to charge back: the amount less what was refunded. */
  open_amount: number;
};

/** Locks one transaction that is still due for its chargeback (skipping one another worker holds). */
export const lockDueChargeback = async (tx: Queryable, id: string, cutoff: Date) =>
  (
    await tx.query<ChargebackCandidate>(sql`select id, status, organisation_id, merchant_id, payment_profile_id, processor_id, currency_code,
      amount - coalesce(refunded_amount, 0) as open_amount
    from transaction where id = ${id} and status = 'SETTLEMENT_COMPLETED' and amount % 100 = 55 and decision is not null and updated_at < ${cutoff}
      and ${NOT_CHARGED_BACK} for update skip locked`)
  )[0];

export const insertChargeback = (
  tx: Queryable,
  c: { id: string; transaction: ChargebackCandidate; reasonCode: string; reason: string; externalId: string; at: Date },
) =>
  tx.query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, processor_id, amount, currency_code,
      reason_code, reason, status, processor_id_external, created_at, updated_at, due_at, mode)
    values (${c.id}, ${c.transaction.organisation_id}, ${c.transaction.merchant_id}, ${c.transaction.id}, ${c.transaction.payment_profile_id},
      ${c.transaction.processor_id}, ${Number(c.transaction.open_amount)}, ${c.transaction.currency_code}, ${c.reasonCode}, ${c.reason}, 'OPEN',
      ${c.externalId}, ${c.at}, ${c.at}, ${c.at}::timestamptz + make_interval(days => ${DISPUTE_RESPONSE_DAYS}::int),
      (select t.mode from transaction t where t.id = ${c.transaction.id}))`);

/**
 * Chargebacks from before the dispute workflow (issue 36): no due date and no answer. Only these
 * still move by the sandbox's timer; the others wait for the merchant's answer or their deadline
 * (dispute.service.ts `resolveDisputes`).
 */
const LEGACY = sql`due_at is null and response_outcome is null`;

/** The sandbox acquirer's undecided chargebacks in `status`, unchanged since `cutoff`, oldest first. */
export const dueSandboxChargebacks = async (
  db: Queryable,
  status: 'OPEN' | 'IN_DISPUTE',
  cutoff: Date,
  limit: number,
): Promise<string[]> =>
  (
    await db.query<{
      id: string;
    }>(sql`select id from chargeback where status in ('OPEN', 'IN_DISPUTE') and processor_id_external like 'sbx_cb_%'
    and status = ${status} and updated_at < ${cutoff} and ${LEGACY} order by updated_at limit ${limit}`)
  ).map((row) => row.id);

export type ChargebackState = {
  id: string;
  status: string;
  organisation_id: string;
  transaction_id: string;
  transaction_status: string;
  transaction_amount: number;
};

/** Locks one chargeback if it is still due in `status`, with its transaction (skipping one another worker holds). */
export const lockSandboxChargeback = async (tx: Queryable, id: string, status: string, cutoff: Date) =>
  (
    await tx.query<ChargebackState>(sql`select c.id, c.status, c.organisation_id, c.transaction_id, t.status as transaction_status, t.amount as transaction_amount
    from chargeback c join transaction t on t.id = c.transaction_id
    where c.id = ${id} and c.status = ${status} and c.updated_at < ${cutoff} and ${LEGACY} for update of c, t skip locked`)
  )[0];

/** Sets a chargeback's status; a decided one (won, lost, cancelled) records when. */
export const writeChargebackStatus = (tx: Queryable, id: string, status: string, at: Date, decided: boolean) =>
  tx.query(
    sql`update chargeback set status = ${status}, updated_at = ${at}, resolved_at = ${decided ? at : null} where id = ${id}`,
  );
