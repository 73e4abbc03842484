import { z } from 'zod';
import type { ChangeLine } from '../risk/diff.ts';
import type { TBacktestResult } from '../risk/schemas.ts';
import { json, ZTimestamp, type WireOf } from './row.ts';

/**
 * The kinds of change that can be put under four eyes (issue 35), by the write path they go
 * through. `fields`: only a change of one of these fields is governed (a profile's name is not risky,
 * its processors and routing are). Another entity on the one write path joins by one line here.
 */
export const CHANGE_KINDS = {
  routing: {},
  validationruleset: {},
  paymentprofile: { fields: ['processors', 'routing', 'intelligent_routing'] },
  bankaccount: {},
  // Payout settings: which bank account, schedule and package a merchant is settled with.
  'settlement-profile': {},
  // Processor credentials (the provider's): its details and login; the request keeps them sealed.
  processor: { fields: ['details', 'user'] },
  // A key is made at once and shown once, but works only once approved (decisions.md).
  apikey: {},
  // Role grants and new users, when they give an administrative role (`isAdministrativeRole`).
  user: { fields: ['roles'] },
  'psp/user': { fields: ['roles'] },
} as const satisfies Record<string, { fields?: readonly string[] }>;
export type ChangeKind = keyof typeof CHANGE_KINDS;
export const CHANGE_KIND_NAMES = Object.keys(CHANGE_KINDS) as ChangeKind[];

export const CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'withdrawn', 'emergency'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** The request headers of a change under the policy: the reason (required) and, for an emergency, its reason. */
export const CHANGE_NOTE_HEADER = 'kassa-change-note';
export const CHANGE_EMERGENCY_HEADER = 'kassa-change-emergency';

/**
 * Roles that administer: every `…_ALL` role, the provider's own, and those that manage people, keys
 * or change control. Granting one (to a new or an existing user) is a governed change of kind `user`.
 */
export const isAdministrativeRole = (role: string): boolean =>
  role === 'PSP' ||
  role === 'PSP_SUPER' ||
  role.endsWith('_ALL') ||
  /^(PLATFORMUSER|PSP_USER|APIKEY|PSP_APIKEY|CHANGE)_/.test(role);

/** `GET /v1/changerequest` rows: a change waiting for (or decided by) a second person. */
export const ZChangeRequestRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    organisation: z.string(),
    kind: z.string(),
    action: z.enum(['create', 'update', 'delete']),
    entity_id: z.string().nullable(),
    entity_name: z.string().nullable(),
    body: json<Record<string, unknown>>('Exactly the fields sent, applied on approval'),
    before: json<Record<string, unknown>>('Those fields as they were at the base version'),
    diff: json<ChangeLine[]>('What would change, field by field (and node by node of a tree)'),
    base_version: z.string().nullable(),
    note: z.string(),
    status: z.enum(CHANGE_STATUSES),
    emergency: z.boolean(),
    emergency_reason: z.string().nullable(),
    due_at: ZTimestamp.nullable(),
    overdue: z.boolean(),
    expires_at: ZTimestamp,
    requested_by: z.string(),
    requested_by_name: z.string().nullable(),
    requested_with: z.string(),
    decided_by: z.string().nullable(),
    decided_by_name: z.string().nullable(),
    decided_at: ZTimestamp.nullable(),
    decision_comment: z.string().nullable(),
    backtest: json<TBacktestResult | null>('The 30-day backtest of a routing or ruleset change'),
  })
  .meta({ id: 'ChangeRequestRow' });
export type TChangeRequestRow = WireOf<typeof ZChangeRequestRow>;

/** The 202 of a change under the policy: nothing changed yet, this request waits for a second person. */
export const ZChangeAccepted = z
  .object({
    change_request: z.string(),
    status: z.literal('pending'),
    message: z.string(),
  })
  .meta({ id: 'ChangeAccepted' });
export type TChangeAccepted = z.infer<typeof ZChangeAccepted>;

/** Approve or reject: a comment (required to reject). */
export const ZChangeDecision = z.object({ comment: z.string().trim().max(2000).optional().default('') });
export type TChangeDecision = z.infer<typeof ZChangeDecision>;

/** An organisation's policy: its own kinds, and those imposed from above (the provider's minimum). */
export const ZChangePolicy = z
  .object({
    organisation: z.string(),
    kinds: z.array(z.string()),
    imposed: z.array(z.string()),
    effective: z.array(z.string()),
    expiry_hours: z.number().int(),
  })
  .meta({ id: 'ChangePolicy' });
export type TChangePolicy = z.infer<typeof ZChangePolicy>;

export const ZChangePolicyUpdate = z.object({
  organisation: z.string().max(64).optional(),
  kinds: z.array(z.enum(CHANGE_KIND_NAMES as [ChangeKind, ...ChangeKind[]])).max(20),
  expiry_hours: z.number().int().min(1).max(2160).optional(),
});
export type TChangePolicyUpdate = z.infer<typeof ZChangePolicyUpdate>;
