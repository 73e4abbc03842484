import { z } from 'zod';
import type { ChangeLine } from '../risk/diff.ts';
import type { Rule } from '../risk/rules.ts';
import { RULESET_ACTIONS } from '../risk/schemas.ts';
import type { RoutingNode } from '../risk/tree.ts';
import { ZUnroutable } from '../risk/unroutable.ts';
import { ZTransaction } from './payments.ts';
import { json, populated, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation, ZPaymentProfile, ZTag } from './settings.ts';
import { ZUserRow } from './users.ts';

const versioned = {
  id: z.string(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  name: z.string(),
  version: z.number().int(),
};

/** `GET /v1/routing` rows: the rule tree of an intelligent routing; `processors` comma-separated. */
export const ZRoutingRow = z
  .object({
    ...versioned,
    payment_product: z.string(),
    processors: z.string(),
    details: json<RoutingNode>('The routing tree: a processor id, or { if, then, else }'),
    organisation: populated(ZOrganisation),
    /** Processors of the tree payments could not be sent to, and why (risk-config.md §5, §8 `unroutable`). */
    unroutable: z.array(ZUnroutable),
  })
  .meta({ id: 'RoutingRow' });
export type TRoutingRow = WireOf<typeof ZRoutingRow>;

/** `GET /v1/validationruleset` rows: tag, block and 3-D Secure rulesets. */
export const ZRulesetRow = z
  .object({
    ...versioned,
    action: z.enum(RULESET_ACTIONS),
    webhook_url: z.string().nullable(),
    email: z.string().nullable(),
    tag: populated(ZTag).nullable(),
    payment_profile: populated(ZPaymentProfile).nullable(),
    rules: json<Rule[]>('The rules, all of which must match'),
    organisation: populated(ZOrganisation),
  })
  .meta({ id: 'RulesetRow' });
export type TRulesetRow = WireOf<typeof ZRulesetRow>;

/** One entry of a routing's or ruleset's version history. */
export const ZConfigVersionRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    entity: z.enum(['routing', 'validationruleset']),
    entity_id: z.string(),
    version: z.number().int(),
    user_name: z.string().nullable(),
    change: z.enum(['created', 'updated', 'rolled_back', 'deleted']),
    snapshot: json<Record<string, unknown>>('The item as it was saved in this version'),
    diff: json<ChangeLine[]>('What changed against the previous version'),
  })
  .meta({ id: 'ConfigVersionRow' });
export type TConfigVersionRow = WireOf<typeof ZConfigVersionRow>;

/** A request or response as the audit trail keeps it (secrets masked). */
export type TAuditMessage = { headers: { name: string; value: string }[]; body: unknown };

/** `GET /v1/psp/audittrail` rows (risk-config.md §3). */
export const ZAuditTrailRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    route: z.string().nullable(),
    type: z.string(),
    origin: z.string().nullable(),
    authentication: z.string(),
    user_name: z.string().nullable(),
    response_code: z.number().int().nullable(),
    method: z.string().nullable(),
    url: z.string().nullable(),
    /** The path a request went to (the spec's "destination"). */
    destination: z.string().nullable(),
    entity: z.string().nullable(),
    entity_id: z.string().nullable(),
    /** The entry of the request whose handling wrote this one (the tree column), or null for a request's own. */
    parent: z.string().nullable(),
    transaction: populated(ZTransaction).nullable(),
    payment_profile: populated(ZPaymentProfile).nullable(),
    user: populated(ZUserRow).nullable(),
    organisation: populated(ZOrganisation).nullable(),
    request: json<TAuditMessage | null>('The request, secrets masked'),
    response: json<TAuditMessage | null>('The response, secrets masked'),
    detail: json<Record<string, unknown> | null>('What else the action recorded'),
  })
  .meta({ id: 'AuditTrailRow' });
export type TAuditTrailRow = WireOf<typeof ZAuditTrailRow>;
