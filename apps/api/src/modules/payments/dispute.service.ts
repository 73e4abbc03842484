import {
  assertChargebackTransition,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MAX_FILES,
  reasonCodeRule,
  type ChargebackStatus,
  type EvidenceKind,
  type TDispute,
} from '@kassa/domain';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import {
  evidenceOf,
  insertEvidence,
  overdueDisputes,
  readDispute,
  remindersOf,
  submittedDisputes,
  writeDisputeOutcome,
  type DisputeState,
  type EvidenceMeta,
} from './dispute.repository.ts';

/** What Kassa itself holds for a checklist item: a code the screen translates, with a count. */
const prefillOf = (kind: EvidenceKind, d: DisputeState): string | null => {
  if (kind === 'three_ds_result' && d.three_ds)
    return d.challenge === 'authenticated' ? 'three_ds_authenticated' : 'three_ds_frictionless';
  if (kind === 'prior_undisputed_payments' && d.prior_payments > 0) return `prior_payments:${d.prior_payments}`;
  if (kind === 'refund_history' && d.refunds > 0) return `refunds:${d.refunds}`;
  return null;
};

export const checklistOf = (d: DisputeState, files: readonly EvidenceMeta[]): TDispute['checklist'] =>
  reasonCodeRule(d.reason_code).evidence.map(({ kind, required }) => {
    const prefilled = prefillOf(kind, d);
    const count = files.filter((f) => f.kind === kind).length;
    return { kind, required, prefilled, files: count, covered: count > 0 || prefilled !== null };
  });

/**
 * The sandbox issuer's decision on a submitted dispute (docs/decisions.md): won when every item
 * the reason code requires is covered, by a file of that kind or by what Kassa holds; lost otherwise.
 */
export const sandboxDisputeDecision = (checklist: TDispute['checklist']): 'WON' | 'LOST' =>
  checklist.every((item) => !item.required || item.covered) ? 'WON' : 'LOST';

const isOpen = (d: DisputeState, now: Date) =>
  d.status === 'OPEN' && d.response_outcome === null && (!d.due_at || d.due_at.getTime() >= now.getTime());

/** `GET chargeback/{id}/dispute`. */
export const disputeOf = async (db: Db, actor: Actor, id: string): Promise<TDispute> => {
  const d = await readDispute(db, actor.scope, id);
  if (!d) throw notFound('Chargeback');
  const files = await evidenceOf(db, id);
  const reminders = await remindersOf(db, id);
  const rule = reasonCodeRule(d.reason_code);
  return {
    id: d.id,
    status: d.status,
    reason_code: d.reason_code,
    scheme: rule.scheme,
    family: rule.family,
    due_at: d.due_at,
    response: d.response,
    responded_at: d.responded_at,
    response_outcome: d.response_outcome as TDispute['response_outcome'],
    open: isOpen(d, new Date()),
    checklist: checklistOf(d, files),
    evidence: files as TDispute['evidence'],
    reminders,
  };
};

/** Locks an answerable dispute of the actor's tenancy, or refuses: 404, 409 deadline passed, 409 closed. */
const lockOpen = async (tx: Queryable, actor: Actor, id: string, now: Date) => {
  const d = await readDispute(tx, actor.scope, id, true);
  if (!d) throw notFound('Chargeback');
  if (d.status === 'OPEN' && d.response_outcome === null && d.due_at && d.due_at.getTime() < now.getTime())
    throw new HttpError(409, 'dispute_deadline_passed', `The response was due by ${d.due_at.toISOString()}`);
  if (!isOpen(d, now)) throw new HttpError(409, 'dispute_closed', `This chargeback is ${d.status} and was answered`);
  return d;
};

/** Recognises PDF, PNG and JPEG by their first bytes (magic numbers); anything else is refused whatever its name. */
export const sniffEvidenceType = (bytes: Buffer): 'application/pdf' | 'image/png' | 'image/jpeg' | null => {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
};

/** Stores one evidence file in the database after checking its size, its content and the dispute's state. */
export const uploadEvidence = async (
  db: Db,
  actor: Actor,
  id: string,
  file: { kind: EvidenceKind; fileName: string; bytes: Buffer },
) => {
  if (file.bytes.length === 0)
    throw new HttpError(400, 'validation_error', 'The file is empty', [{ path: 'body', message: 'Empty file' }]);
  if (file.bytes.length > EVIDENCE_MAX_BYTES)
    throw new HttpError(413, 'evidence_too_large', `An evidence file may be at most ${EVIDENCE_MAX_BYTES} bytes`, [
      { path: 'body', message: 'File too large' },
    ]);
  const type = sniffEvidenceType(file.bytes);
  if (!type)
    throw new HttpError(
      415,
      'evidence_type_refused',
      'Only PDF, PNG and JPEG files are accepted (checked by content)',
      [{ path: 'body', message: 'Not a PDF, PNG or JPEG file' }],
    );
  return db.transaction(async (tx) => {
    const now = new Date();
    const d = await lockOpen(tx, actor, id, now);
    if ((await evidenceOf(tx, id)).length >= EVIDENCE_MAX_FILES)
      throw new HttpError(409, 'evidence_limit', `At most ${EVIDENCE_MAX_FILES} files per dispute`);
    const meta: EvidenceMeta = {
      id: newId('ev'),
      kind: file.kind,
      // Only the name's last part, without control characters: it goes into a header when served.
      file_name:
        [...(file.fileName.split(/[\\/]/).pop() ?? '')]
          .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === '"' ? '_' : ch))
          .join('') || 'evidence',
      content_type: type,
      size: file.bytes.length,
      created_at: now,
    };
    await insertEvidence(tx, {
      ...meta,
      chargebackId: id,
      organisationId: d.organisation_id,
      merchantId: d.merchant_id,
      content: file.bytes,
      uploadedBy: actor.userId,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'dispute_evidence_added',
      responseCode: 201,
      entity: 'chargeback',
      entityId: id,
      transactionId: d.transaction_id,
      detail: { evidence: meta.id, kind: meta.kind, file_name: meta.file_name, content_type: type, size: meta.size },
    });
    return meta;
  });
};

/** Moves a chargeback and records it: status machine checked, `chargeback.updated` queued, audited. */
const settleDispute = async (
  tx: Queryable,
  d: DisputeState,
  to: ChargebackStatus,
  outcome: 'submitted' | 'accepted' | 'expired' | null,
  response: string | null,
  now: Date,
  audit: Omit<Parameters<typeof recordAudit>[1], 'type'>,
  type: string,
) => {
  assertChargebackTransition(d.status as ChargebackStatus, to);
  await writeDisputeOutcome(tx, d.id, {
    status: to,
    outcome: outcome ?? (d.response_outcome as 'submitted'),
    response,
    at: now,
    decided: to !== 'IN_DISPUTE',
  });
  // A won chargeback returns the payment (its own state machine); one imported without the CHARGEBACK step is left as it is.
  if (to === 'WON' && d.transaction_status === 'CHARGEBACK')
    await transitionTransaction(
      tx,
      { id: d.transaction_id, status: d.transaction_status },
      'SETTLEMENT_COMPLETED',
      `Chargeback ${d.id} won`,
      now,
    );
  await notifyItem(tx, 'chargeback', d.id, 'chargeback.updated');
  await recordAudit(tx, {
    ...audit,
    type,
    responseCode: 200,
    entity: 'chargeback',
    entityId: d.id,
    transactionId: d.transaction_id,
    detail: { from: d.status, to, outcome },
  });
};

/** The merchant submits the written response with the evidence uploaded so far (OPEN → IN_DISPUTE). */
export const submitDispute = (db: Db, actor: Actor, id: string, response: string) =>
  db.transaction(async (tx) => {
    const now = new Date();
    const d = await lockOpen(tx, actor, id, now);
    await settleDispute(tx, d, 'IN_DISPUTE', 'submitted', response, now, actor.audit, 'dispute_submitted');
  });

/** The merchant accepts the chargeback: lost at once, no dispute. */
export const acceptChargeback = (db: Db, actor: Actor, id: string) =>
  db.transaction(async (tx) => {
    const now = new Date();
    const d = await lockOpen(tx, actor, id, now);
    await settleDispute(tx, d, 'LOST', 'accepted', null, now, actor.audit, 'dispute_accepted');
  });

/** How long the sandbox issuer takes to decide a submitted dispute: a minute, so demos and tests see it. */
export const SANDBOX_DISPUTE_DECISION_AFTER_MS = 60_000;

/**
 * The deadlines and the sandbox issuer: an open chargeback past its due date is lost (`expired`);
 * a submitted dispute is decided by `sandboxDisputeDecision`. Each under the row locks, only while
 * still due, so several workers never decide one twice.
 */
export const resolveDisputes = async (db: Db, now: Date = new Date(), batch = 200): Promise<number> => {
  let moved = 0;
  const system = (d: DisputeState) => ({ ...SYSTEM_ACTOR, organisationId: d.organisation_id });
  for (const id of await overdueDisputes(db, now, batch))
    moved += await db.transaction(async (tx) => {
      const d = await readDispute(tx, null, id, true);
      if (!d || d.status !== 'OPEN' || !d.due_at || d.due_at >= now || d.response_outcome !== null) return 0;
      await settleDispute(tx, d, 'LOST', 'expired', null, now, system(d), 'chargeback_status_changed');
      return 1;
    });
  const cutoff = new Date(now.getTime() - SANDBOX_DISPUTE_DECISION_AFTER_MS);
  for (const id of await submittedDisputes(db, cutoff, batch))
    moved += await db.transaction(async (tx) => {
      const d = await readDispute(tx, null, id, true);
      if (!d || d.status !== 'IN_DISPUTE' || d.response_outcome !== 'submitted') return 0;
      const to = sandboxDisputeDecision(checklistOf(d, await evidenceOf(tx, id)));
      await settleDispute(tx, d, to, 'submitted', null, now, system(d), 'chargeback_status_changed');
      return 1;
    });
  return moved;
};
