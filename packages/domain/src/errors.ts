import { z } from 'zod';

/**
 * The stable code of one refused input (`details[].code`), with its parameters in `params`
 * (`tooLong` → `{ max }`). The spec's catalogue (risk-config.md §8) names `required`,
 * `invalidNumber`, `invalidRoute` and `unroutable`; the rest are Kassa's. A detail may also carry
 * an error code (`email_taken`, `in_use`) when the refusal has no finer one. The web translates
 * `errors.<code>` with the params; `message` is English for integrators and never parsed.
 */
export const DETAIL_CODES = [
  /** Missing, empty or null where a value is needed. */
  'required',
  /** Not a number. */
  'invalidNumber',
  /** Not a whole number. */
  'wholeNumber',
  /** A text shorter than `min` characters. */
  'tooShort',
  /** A text longer than `max` characters. */
  'tooLong',
  /** A list with fewer than `min` items. */
  'tooFew',
  /** A list with more than `max` items. */
  'tooMany',
  /** A number below `min`. */
  'tooSmall',
  /** A number not above `min` (an exclusive minimum: an amount greater than 0). */
  'mustExceed',
  /** A number above `max`. */
  'tooBig',
  'invalidEmail',
  /** Not an http(s) URL, or one with credentials in it. */
  'invalidUrl',
  'invalidDate',
  'invalidCurrency',
  'invalidCountry',
  'invalidTimeZone',
  /** Text in the wrong shape (a pattern, a business partner number). */
  'invalidFormat',
  'invalidIban',
  'invalidBic',
  /** A value that may occur once in its list (a payment product, a credential name). */
  'duplicate',
  /** Not one of the allowed values. */
  'invalidOption',
  /** Any other refused value (the fallback). */
  'invalidValue',
  /** A field the input may not have. */
  'unknownField',
  /** The id names nothing the caller can see. */
  'notFound',
  /** Risk (risk-config.md §5, §8): a chosen routing that is not valid for the profile. */
  'invalidRoute',
  /** A processor that would leave payments unroutable (per processor: `params.processor`). */
  'unroutable',
  /** A routing uses processors the payment profile has not activated. */
  'notActivated',
  'unknownRule',
  'operatorNotAllowed',
  'invalidAmount',
  'invalidPercentage',
  /** A branch of the routing tree without conditions. */
  'noConditions',
  /** An empty node of the routing tree: choose a processor or add a condition. */
  'noEndpoint',
  /** Recurring: a plan notifies by webhook, e-mail or both. */
  'webhookOrEmail',
  'onlyMaxBillingCycle',
  /** A welcome mail without its password link (`params.link`: the placeholder). */
  'linkMissing',
  /** Finance: an end before its start, a period too long (`max` days or months). */
  'endBeforeStart',
  'periodTooLong',
  'minimumAboveMaximum',
  'nonZero',
  'reserveRequired',
  'notCollecting',
  'oneOffSettled',
  'profileExists',
  /** Recurring: a plan's billing terms, fixed while `count` subscriptions run on it. */
  'lockedBySubscriptions',
] as const;
export type DetailCode = (typeof DETAIL_CODES)[number];

/** One refused input: where (`body.name`), what (`code` + `params`) and an English sentence. */
export const ZErrorDetail = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  message: z.string(),
});
export type TErrorDetail = z.infer<typeof ZErrorDetail>;
export type DetailParams = Record<string, string | number | boolean>;

/** The body of every error answer (DESIGN.md "The API contract"). */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(ZErrorDetail).optional(),
  /** The request's id (also its `X-Request-Id` header and in every log line of it). */
  requestId: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Stable machine-readable error codes; the web shows `errors.{code}`. */
export const ERROR_CODES = [
  'validation_error',
  'unknown_field',
  'invalid_credentials',
  'invalid_token',
  'password_leaked',
  'email_taken',
  'mfa_enforced',
  'account_locked',
  'amount_too_large',
  'payment_link_blocked',
  'card_refused',
  'organisation_inactive',
  'too_many_requests',
  'unauthenticated',
  'mfa_required',
  'forbidden',
  'api_key_not_allowed',
  'foreign_origin',
  'not_found',
  'conflict',
  /** A delete or change refused because other configuration uses the object; details name the users. */
  'in_use',
  'serial_number_taken',
  'idempotency_in_flight',
  'idempotency_mismatch',
  'refund_exceeds_amount',
  'not_refundable',
  'invalid_transition',
  /** Issue 36: a dispute answered after its due date, or one already answered or decided. */
  'dispute_deadline_passed',
  'dispute_closed',
  /** Issue 36: the provider reviews this merchant's held payments; its own users may only look. */
  'review_by_provider_only',
  /** Issue 36: an evidence file too large, of a refused type (by its content), or one too many. */
  'evidence_too_large',
  'evidence_type_refused',
  'evidence_limit',
  'not_available',
  /** Four eyes (issue 35): a governed change needs a note; who may decide; the request's state. */
  'change_note_required',
  'self_approval',
  'approval_by_key',
  'stale_base',
  'change_request_expired',
  'not_pending',
  'emergency_not_allowed',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
