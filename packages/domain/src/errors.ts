import { z } from 'zod';

/** The body of every error answer (DESIGN.md "The API contract"). */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's id (also its `X-Request-Id` header and in every log line of it). */
  requestId: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Stable machine-readable error codes; the login form shows `errors.{code}`. */
export type ErrorCode =
  | 'validation_error'
  | 'unknown_field'
  | 'invalid_credentials'
  | 'invalid_token'
  | 'password_leaked'
  | 'email_taken'
  | 'mfa_enforced'
  | 'account_locked'
  | 'amount_too_large'
  | 'payment_link_blocked'
  | 'card_refused'
  | 'organisation_inactive'
  | 'too_many_requests'
  | 'unauthenticated'
  | 'mfa_required'
  | 'forbidden'
  | 'api_key_not_allowed'
  | 'foreign_origin'
  | 'not_found'
  | 'conflict'
  /** A delete or change refused because other configuration uses the object; details name the users. */
  | 'in_use'
  | 'serial_number_taken'
  | 'idempotency_in_flight'
  | 'idempotency_mismatch'
  | 'refund_exceeds_amount'
  | 'not_refundable'
  | 'invalid_transition'
  /** Issue 36: a dispute answered after its due date, or one already answered or decided. */
  | 'dispute_deadline_passed'
  | 'dispute_closed'
  /** Issue 36: the provider reviews this merchant's held payments; its own users may only look. */
  | 'review_by_provider_only'
  /** Issue 36: an evidence file too large, of a refused type (by its content), or one too many. */
  | 'evidence_too_large'
  | 'evidence_type_refused'
  | 'evidence_limit'
  | 'not_available'
  /** Four eyes (issue 35): a governed change needs a note; who may decide; the request's state. */
  | 'change_note_required'
  | 'self_approval'
  | 'approval_by_key'
  | 'stale_base'
  | 'change_request_expired'
  | 'not_pending'
  | 'emergency_not_allowed'
  | 'service_unavailable'
  | 'internal_error';
