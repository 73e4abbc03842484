import { sql, type Queryable } from '../../plugins/db/index.ts';
import { scopeCondition } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

export type DisputeState = {
  id: string;
  status: string;
  reason_code: string | null;
  due_at: Date | null;
  response: string | null;
  responded_at: Date | null;
  response_outcome: string | null;
  organisation_id: string;
  merchant_id: string;
  transaction_id: string;
  transaction_status: string;
  three_ds: boolean;
  challenge: string | null;
  prior_payments: number;
  refunds: number;
};

/**
 * A chargeback with what Kassa holds for its defence: the payment's 3-D Secure, the customer's
 * earlier payments that were never disputed, the payment's refunds. `scope` null: the system.
 * `lock` takes the chargeback's and its transaction's row locks until the transaction ends.
 */
export const readDispute = async (q: Queryable, scope: Scope | null, id: string, lock = false) => {
  const scoped = scope ? scopeCondition(scope, 'merchant') : null;
  const [row] = await q.query<DisputeState>(sql`
    select e.id, e.status, e.reason_code, e.due_at, e.response, e.responded_at, e.response_outcome, e.organisation_id, e.merchant_id,
      e.transaction_id, t.status as transaction_status, t.three_ds, t.decision->>'challenge' as challenge,
      (select count(*)::int from transaction p where t.customer_id is not null and p.customer_id = t.customer_id and p.id <> t.id
        and p.created_at < t.created_at and p.status in ('SETTLED', 'SETTLEMENT_COMPLETED', 'PAID')
        and not exists (select 1 from chargeback c where c.transaction_id = p.id)) as prior_payments,
      (select count(*)::int from refund r where r.transaction_id = t.id and r.status = 'PROCESSED') as refunds
    from chargeback e join transaction t on t.id = e.transaction_id
    where e.id = ${id} ${scoped ? sql`and ${scoped}` : sql.empty} ${lock ? sql`for update of e, t` : sql.empty}`);
  return row;
};

export type EvidenceMeta = {
  id: string;
  kind: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: Date;
};

export const evidenceOf = (q: Queryable, chargebackId: string) =>
  q.query<EvidenceMeta>(sql`select id, kind, file_name, content_type, size, created_at from dispute_evidence
    where chargeback_id = ${chargebackId} order by created_at, id`);

/** The reminders sent about a chargeback (dispute_reminder), oldest first. */
export const remindersOf = (q: Queryable, chargebackId: string) =>
  q.query<{ days_before: number; sent_at: Date; recipients: number }>(sql`select days_before, sent_at, recipients
    from dispute_reminder where chargeback_id = ${chargebackId} order by sent_at, days_before desc`);

export const insertEvidence = (
  q: Queryable,
  e: EvidenceMeta & {
    chargebackId: string;
    organisationId: string;
    merchantId: string;
    content: Buffer;
    uploadedBy: string;
  },
) =>
  q.query(sql`insert into dispute_evidence (id, chargeback_id, organisation_id, merchant_id, kind, file_name, content_type, size, content,
      uploaded_by, created_at, mode)
    values (${e.id}, ${e.chargebackId}, ${e.organisationId}, ${e.merchantId}, ${e.kind}, ${e.file_name}, ${e.content_type}, ${e.size},
      ${e.content}, ${e.uploadedBy}, ${e.created_at}, (select c.mode from chargeback c where c.id = ${e.chargebackId}))`);

/** One evidence file with its bytes, of a chargeback the caller may see (the caller checked the chargeback). */
export const evidenceFile = async (q: Queryable, chargebackId: string, fileId: string) =>
  (
    await q.query<{ file_name: string; content_type: string; content: Uint8Array }>(
      sql`select file_name, content_type, content from dispute_evidence where id = ${fileId} and chargeback_id = ${chargebackId}`,
    )
  )[0];

/** Records the merchant's answer (submitted or accepted) or the missed deadline, with the status it leads to. */
export const writeDisputeOutcome = (
  q: Queryable,
  id: string,
  d: {
    status: string;
    outcome: 'submitted' | 'accepted' | 'expired';
    response: string | null;
    at: Date;
    decided: boolean;
  },
) =>
  q.query(sql`update chargeback set status = ${d.status}, response_outcome = ${d.outcome},
      response = coalesce(${d.response}, response), responded_at = ${d.outcome === 'expired' ? null : d.at},
      updated_at = ${d.at}, resolved_at = ${d.decided ? d.at : null} where id = ${id}`);

/** Open chargebacks whose due date passed. */
export const overdueDisputes = async (q: Queryable, now: Date, limit: number) =>
  (
    await q.query<{ id: string }>(
      sql`select id from chargeback where status = 'OPEN' and due_at is not null and due_at < ${now} order by due_at limit ${limit}`,
    )
  ).map((r) => r.id);

/** Submitted disputes the issuer has had long enough to decide. */
export const submittedDisputes = async (q: Queryable, cutoff: Date, limit: number) =>
  (
    await q.query<{
      id: string;
    }>(sql`select id from chargeback where status = 'IN_DISPUTE' and response_outcome = 'submitted'
      and updated_at < ${cutoff} order by updated_at limit ${limit}`)
  ).map((r) => r.id);
