import { createHash } from 'node:crypto';
import {
  CHANGE_EMERGENCY_HEADER,
  CHANGE_KINDS,
  CHANGE_NOTE_HEADER,
  diffSnapshots,
  hasAccess,
  type ChangeKind,
  type ChangeLine,
} from '@kassa/domain';
import { ChangeRequested } from '../../lib/change-requested.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { MASK } from '../../plugins/audit-mask.ts';
import { maskSecretsBySchema, secretValuesBySchema } from '../../plugins/secret-schema.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { replayableWrite } from '../../query/crud.ts';
import { getEntity } from '../../query/repository.ts';
import type { ChangeGate, PlannedWrite } from '../../query/write.ts';
import { backtestRouting, backtestRuleset } from '../risk/backtest.service.ts';
import { announceChange, pushEmergency } from './change-events.ts';
import {
  findMerchantUsers,
  findPoliciesAbove,
  insertChangeRequest,
  saveBacktest,
} from './change-request.repository.ts';

/**
 * Four eyes in the one write path (issue 35): a write of a kind the owner's policy names is checked
 * by every rule of its service, rolled back, and stored as a change request; an approval replays
 * exactly its body through the same service (`actor.replay`), against the version it was asked on.
 */

const DEFAULT_EXPIRY_HOURS = 168;

/** The kinds the organisation's policy and every policy above it name, and the expiry of its requests. */
export const effectivePolicy = async (db: Queryable, organisationId: string) => {
  const policies = await findPoliciesAbove(db, organisationId);
  return {
    kinds: [...new Set(policies.flatMap((p) => p.kinds))],
    own: policies.find((p) => p.own)?.kinds ?? [],
    imposed: [...new Set(policies.filter((p) => !p.own).flatMap((p) => p.kinds))],
    expiryHours: policies[0]?.expiry_hours ?? DEFAULT_EXPIRY_HOURS,
  };
};

/** The version a request is made against: a digest of the stored row, so any later write of it makes the request stale. */
export const versionOf = (row: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url')
    .slice(0, 22);

const governs = (plan: PlannedWrite): plan is PlannedWrite & { def: { path: ChangeKind } } => {
  const spec = (CHANGE_KINDS as Record<string, { fields?: readonly string[] }>)[plan.def.path];
  if (!spec || plan.governed === false) return false;
  if (!spec.fields || plan.action === 'delete') return true;
  return spec.fields.some((field) => plan.body[field] !== undefined);
};

/** What the request stores: the sent fields, their values now, the diff, the row's version. */
type Prepared = {
  body: Record<string, unknown>;
  before: Record<string, unknown>;
  /** The whole item as it would be (for the backtest). */
  next: Record<string, unknown>;
  name: string | null;
  base: string | null;
  expiryHours: number;
  /** The body as sent, sealed, when its schema marks a field of it secret (`body` then holds those masked). */
  sealed: string | null;
  diff: ChangeLine[];
};
const prepared = new WeakMap<PlannedWrite, Prepared>();

const META = new Set(['id', 'created_at', 'updated_at', 'version', 'organisation']);
const sentFields = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'organisation'));

const prepare = async (tx: Queryable, plan: PlannedWrite, expiryHours: number): Promise<Prepared> => {
  const sent = sentFields(plan.body);
  const current = plan.row
    ? ((await getEntity(tx, plan.def.entity, plan.ownerScope, plan.id)) as Record<string, unknown>)
    : {};
  const before =
    plan.action === 'delete'
      ? Object.fromEntries(Object.entries(current).filter(([key]) => !META.has(key)))
      : Object.fromEntries(Object.keys(sent).map((key) => [key, plan.row ? (current[key] ?? null) : null]));
  const asSent = plan.action === 'create' ? { ...sent, organisation: plan.owner.organisationId } : sent;
  const next = { ...current, ...sent };
  const name = String(next.name ?? next.holder_name ?? plan.id);
  // Secrets (processor credentials) are kept only sealed; what is shown and answered has them masked.
  const schemas = replayableWrite(plan.def.path)?.schemas;
  const schema = plan.action === 'create' ? schemas?.create : schemas?.update;
  const secret = secretValuesBySchema(schema, asSent).length > 0;
  const body = secret ? (maskSecretsBySchema(schema, asSent, MASK) as Record<string, unknown>) : asSent;
  // With secrets, every leaf is its own line (a new list of credentials too), so each secret one says only "changed".
  const lines = diffSnapshots(before, plan.action === 'delete' ? {} : sentFields(body));
  const diff = secret
    ? lines
        .flatMap((line) => (line.before === null ? leavesOf(line.after, line.path) : [line]))
        .map((line) =>
          line.after === MASK || line.before === MASK
            ? { path: line.path, before: null, after: null, secret: true as const }
            : line,
        )
    : lines;
  return {
    body,
    before,
    next,
    name,
    base: plan.row ? versionOf(plan.row) : null,
    expiryHours,
    sealed: secret ? encryptSecret(JSON.stringify(asSent)) : null,
    diff,
  };
};

/** A new value as lines of its leaves, each from nothing. */
const leavesOf = (value: unknown, path: string): ChangeLine[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, item]) => leavesOf(item, `${path}.${key}`))
    : [{ path, before: null, after: value ?? null }];

/** The body an approval applies: as sent (unsealed), not as shown. */
export const bodyToApply = (request: { body: Record<string, unknown>; sealed: string | null }) =>
  request.sealed ? (JSON.parse(decryptSecret(request.sealed)) as Record<string, unknown>) : request.body;

/** `held`: made now, effective once approved (an API key): the request names the row it made. */
const requestOf = (
  actor: Actor,
  plan: PlannedWrite,
  p: Prepared,
  id: string,
  status: 'pending' | 'emergency' | 'held',
) => ({
  id,
  organisationId: plan.owner.organisationId,
  merchantId: plan.owner.merchantId,
  kind: plan.def.path,
  action: plan.action,
  entityId: plan.action === 'create' && status === 'pending' ? null : plan.id,
  entityName: p.name,
  body: p.body,
  sealed: p.sealed,
  before: p.before,
  diff: p.diff,
  baseVersion: p.base,
  note: actor.change?.note ?? actor.change?.emergency ?? '',
  status: status === 'held' ? ('pending' as const) : status,
  emergencyReason: status === 'emergency' ? (actor.change?.emergency ?? null) : null,
  expiryHours: p.expiryHours,
  requestedBy: actor.userId,
  requestedByName: actor.audit.userName ?? null,
  requestedWith: actor.audit.authentication ?? 'jwt',
});

const auditRequest = (tx: Queryable, actor: Actor, id: string, type: string, detail: Record<string, unknown>) =>
  recordAudit(tx, { ...actor.audit, type, responseCode: 202, entity: 'change_request', entityId: id, detail });

/** Every user of the merchant who could approve a change of this kind is told of an emergency change (they approve it after the fact). */
const tellApprovers = async (
  tx: Queryable,
  actor: Actor,
  plan: PlannedWrite,
  id: string,
  name: string | null,
  reason: string,
) => {
  const crud = replayableWrite(plan.def.path);
  if (!crud || !plan.owner.merchantId) return;
  const roles = plan.action === 'create' ? crud.roles.create : crud.roles.update;
  await pushEmergency(
    tx,
    {
      id,
      organisationId: plan.owner.organisationId,
      what: `${plan.def.label} ${name ?? plan.id}`,
      requestedBy: actor.userId,
    },
    roles.filter((role) => /^[A-Z_]+$/.test(role)),
  );
  for (const user of await findMerchantUsers(tx, plan.owner.merchantId)) {
    if (user.id === actor.userId || !hasAccess(user.roles, roles)) continue;
    const nl = user.language.startsWith('nl');
    const what = `${plan.def.label} ${name ?? plan.id}`;
    const subject = nl ? `Noodwijziging: ${what}` : `Emergency change: ${what}`;
    const text = nl
      ? `${actor.audit.userName ?? actor.userId} heeft ${what} direct gewijzigd als noodwijziging.\nReden: ${reason}\nKeur de wijziging binnen 24 uur achteraf goed onder Wijzigingen.`
      : `${actor.audit.userName ?? actor.userId} changed ${what} at once as an emergency.\nReason: ${reason}\nApprove it after the fact within 24 hours under Changes.`;
    const html = text
      .split('\n')
      .map((line) => `<p>${line.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
      .join('');
    await queueMail(tx, { to: user.email, subject, text, html, template: 'change_emergency' });
  }
};

export const changeGate: ChangeGate = {
  async decide(tx, actor, plan) {
    if (actor.replay) {
      // Applying an approved request: only against the version it was made on.
      if (plan.row && actor.replay.baseVersion !== versionOf(plan.row))
        throw new HttpError(
          409,
          'stale_base',
          'The item changed since this request was made; its author must renew the request against the new version',
          [{ path: 'params.id', message: 'changeRequests.stale' }],
        );
      return 'apply';
    }
    if (!governs(plan)) return 'apply';
    const policy = await effectivePolicy(tx, plan.owner.organisationId);
    if (!policy.kinds.includes(plan.def.path)) return 'apply';
    const emergency = actor.change?.emergency;
    if (emergency) {
      if (!actor.change?.mayApplyAtOnce)
        throw new HttpError(403, 'emergency_not_allowed', 'Applying a change at once needs the emergency role', [
          { path: `headers.${CHANGE_EMERGENCY_HEADER}`, message: 'changeRequests.emergencyNotAllowed' },
        ]);
      const p = await prepare(tx, plan, policy.expiryHours);
      const id = newId('chr');
      await insertChangeRequest(tx, requestOf(actor, plan, p, id, 'emergency'));
      await auditRequest(tx, actor, id, 'change_request_emergency', { kind: plan.def.path, reason: emergency });
      await tellApprovers(tx, actor, plan, id, p.name, emergency);
      await announceChange(tx, id, 'emergency');
      return 'apply';
    }
    if (!actor.change?.note)
      throw badRequest(
        `headers.${CHANGE_NOTE_HEADER}`,
        'This change needs a second person: say why in a note',
        'change_note_required',
      );
    prepared.set(plan, await prepare(tx, plan, policy.expiryHours));
    return 'defer';
  },

  async defer(db: Db, actor: Actor, plan: PlannedWrite): Promise<never> {
    const p = prepared.get(plan);
    if (!p) throw new Error('change request not prepared');
    const id = newId('chr');
    const answer = {
      change_request: id,
      status: 'pending' as const,
      message: 'This change waits for the approval of a second person',
    };
    await db.transaction(async (tx) => {
      await insertChangeRequest(tx, requestOf(actor, plan, p, id, 'pending'));
      await auditRequest(tx, actor, id, 'change_request_created', { kind: plan.def.path, action: plan.action });
      await announceChange(tx, id, 'created');
      // A create sent with an Idempotency-Key: its 202 commits with the request, so a retry answers the same request.
      await actor.answer?.record(tx, 202, answer);
    });
    // The request stands without its backtest should the replay fail (the approver sees none attached).
    await attachBacktest(db, actor, plan, p, id).catch(() => undefined);
    throw new ChangeRequested(answer);
  },

  async hold(tx, actor, plan) {
    const p = prepared.get(plan);
    if (!p) throw new Error('change request not prepared');
    const id = newId('chr');
    await insertChangeRequest(tx, requestOf(actor, plan, p, id, 'held'));
    await auditRequest(tx, actor, id, 'change_request_created', { kind: plan.def.path, action: plan.action });
    await announceChange(tx, id, 'created');
    return id;
  },
};

/** Routing and ruleset changes carry the 30-day backtest of the item as it would be. */
const attachBacktest = async (db: Db, actor: Actor, plan: PlannedWrite, p: Prepared, id: string) => {
  if (plan.action === 'delete') return;
  const saved = plan.action === 'update' ? plan.id : undefined;
  const next = p.next as Record<string, never>;
  const result =
    plan.def.path === 'routing'
      ? await backtestRouting(db, actor, {
          routing: saved,
          organisation: plan.owner.organisationId,
          payment_product: next.payment_product,
          details: next.details,
        })
      : plan.def.path === 'validationruleset'
        ? await backtestRuleset(db, actor, {
            ruleset: saved,
            organisation: plan.owner.organisationId,
            action: next.action,
            tag: next.tag ?? undefined,
            rules: next.rules,
          })
        : undefined;
  if (result) await saveBacktest(db, id, result);
};
