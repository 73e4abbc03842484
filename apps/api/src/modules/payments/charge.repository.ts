import type { Rule, RoutingNode, RulesetAction } from '@kassa/domain';
import type { StoredAnswer } from '../../plugins/actor.ts';
import { auditInsertFrom, type AuditEntry } from '../../plugins/audit.ts';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import type { RowOf } from '../../query/entity.ts';
import { selectList } from '../../query/repository.ts';
import { endpointKey } from '../webhooks/endpoint-pace.ts';
import { insertReviewCaseFrom, type ReviewCaseWrite } from '../review/review-case.repository.ts';
import { transactionEntity } from './transaction.entity.ts';
import { insertTransactionWhen, type NewTransaction } from './transaction.repository.ts';

export type ChargeProfile = {
  id: string;
  organisation_id: string;
  currency_code: string;
  routing: Record<string, unknown> | null;
};

/** The merchant an organisation belongs to (itself for a merchant). */
export const merchantOf = async (tx: Queryable, organisationId: string): Promise<string | undefined> =>
  (await chargeOrganisation(tx, organisationId))?.merchant_id;

export type ChargeOrganisation = { merchant_id: string; path: string; mcc: string | null };

/** The merchant an organisation belongs to (itself for a merchant), its tree path and category code. */
export const chargeOrganisation = async (
  tx: Queryable,
  organisationId: string,
): Promise<ChargeOrganisation | undefined> => {
  const [row] = await tx.query<ChargeOrganisation>(
    sql`select coalesce(merchant_id, id) as merchant_id, path, mcc from organisation where id = ${organisationId}`,
  );
  return row;
};

export type ChargeProcessor = {
  id: string;
  /**
   * The acquirer the processor sends payments to. Every processor is connected to the sandbox
   * acquirer today; a processor connected to a real acquirer would say 'live', and test-mode
   * payments never reach it (charge.service.ts `acquirerRefusal`).
   */
  acquirer?: 'sandbox' | 'live';
  active: boolean;
  payment_product: string | null;
  sandbox_latency_ms: number;
  sandbox_outage: boolean;
};

export type ChargeCustomer = { status: string | null; country_code: string | null };

export const chargeCustomer = async (tx: Queryable, customerId: string): Promise<ChargeCustomer | undefined> => {
  const [row] = await tx.query<ChargeCustomer>(sql`select status, country_code from customer where id = ${customerId}`);
  return row;
};

export type ChargeRuleset = {
  id: string;
  organisation_id: string;
  name: string;
  action: RulesetAction;
  rules: Rule[];
  tag: string | null;
  /** Where the ruleset's webhook goes when it fires (none for 3-D Secure rulesets). */
  webhook_url: string | null;
};

export type ChargeRouting = {
  id: string;
  name: string;
  version: number;
  payment_product: string;
  details: RoutingNode;
};

export type EngineProfile = ChargeProfile & {
  merchant_id: string | null;
  processors: string[];
  /** The profile's intelligent-routing toggle: off, its routing choices do not route (risk-config.md §4). */
  intelligent_routing: boolean;
  /** Where the profile's transaction webhooks go (none: no transaction webhook). */
  webhook_transaction_update: string | null;
  /** Where its test-mode transaction webhooks go instead (none: the same URL). */
  test_webhook_transaction_update: string | null;
};

/**
 * Everything that decides a payment of one profile in one organisation, read in one statement
 * with the configuration's version (migration 0095), so that what is read and the version belong
 * to the same snapshot. `lock` holds the version (and so every change to the configuration)
 * until the surrounding database transaction ends.
 */
export type EngineConfigRow = {
  version: number;
  profile: EngineProfile | null;
  organisation: ChargeOrganisation | null;
  limits: {
    max_transaction_amount: number | null;
    three_ds_policy: string;
    refunds_enabled: boolean;
    recurring_enabled: boolean;
    review_sla_hours: number;
  } | null;
  rulesets: ChargeRuleset[];
  routings: ChargeRouting[];
  processors: ChargeProcessor[];
};

export const loadEngineConfig = async (
  tx: Queryable,
  paymentProfileId: string,
  organisationId: string | null,
  lock = false,
): Promise<EngineConfigRow> => {
  const [row] = await tx.query<EngineConfigRow>(sql`
    select coalesce(v.version, 0) as version,
      (select json_build_object('id', p.id, 'organisation_id', p.organisation_id, 'merchant_id', p.merchant_id,
        'currency_code', p.currency_code, 'routing', p.routing, 'processors', p.processors, 'intelligent_routing', p.intelligent_routing,
        'webhook_transaction_update', p.webhook_transaction_update, 'test_webhook_transaction_update', p.test_webhook_transaction_update)
       from payment_profile p where p.id = ${paymentProfileId}) as profile,
      (select json_build_object('merchant_id', coalesce(o.merchant_id, o.id), 'path', o.path, 'mcc', o.mcc)
       from organisation o where o.id = coalesce(${organisationId}::text, (select organisation_id from payment_profile where id = ${paymentProfileId}))) as organisation,
      (select json_build_object('max_transaction_amount', c.max_transaction_amount::float8, 'three_ds_policy', c.three_ds_policy,
        'refunds_enabled', c.refunds_enabled, 'recurring_enabled', c.recurring_enabled, 'review_sla_hours', c.review_sla_hours)
       from merchant_configuration c join organisation o on c.merchant_id = coalesce(o.merchant_id, o.id)
       where o.id = coalesce(${organisationId}::text, (select organisation_id from payment_profile where id = ${paymentProfileId}))) as limits,
      coalesce((select json_agg(json_build_object('id', r.id, 'organisation_id', r.organisation_id, 'name', r.name, 'action', r.action,
          'rules', r.rules, 'tag', r.tag_id, 'webhook_url', r.webhook_url) order by r.created_at, r.id)
        from organisation po join validation_ruleset r on r.merchant_id = coalesce(po.merchant_id, po.id)
          join organisation o on o.id = r.organisation_id
        where po.id = coalesce(${organisationId}::text, (select organisation_id from payment_profile where id = ${paymentProfileId}))
          and (r.payment_profile_id is null or r.payment_profile_id = ${paymentProfileId})
          and po.path like o.path || '%'), '[]') as rulesets,
      coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'version', g.version, 'payment_product', g.payment_product, 'details', g.details))
        from routing g where g.id in (select value from payment_profile p, jsonb_each_text(p.routing) where p.id = ${paymentProfileId})), '[]') as routings,
      coalesce((select json_agg(json_build_object('id', pr.id, 'active', pr.active, 'payment_product', pr.payment_product,
          'sandbox_latency_ms', pr.sandbox_latency_ms, 'sandbox_outage', pr.sandbox_outage) order by array_position(p.processors, pr.id))
        from payment_profile p join processor pr on pr.id = any(p.processors) where p.id = ${paymentProfileId}), '[]') as processors
    from (select 1) one left join (select version from engine_config_version ${lock ? sql`for share` : sql.empty}) v on true`);
  return row;
};

/** A webhook a payment queues: about the transaction itself (its snapshot, from the row written) or with data of its own. */
export type PaymentWebhook = {
  id: string;
  type: string;
  event: string;
  organisationId: string;
  merchantId: string | null;
  url: string;
  itemId: string | null;
  status: string | null;
  /** `transaction`: the transaction's item snapshot as `notifyItem` sends it (webhooks/webhook.repository.ts). */
  data: Record<string, unknown> | 'transaction';
  at: Date;
  /** Why the URL is refused before any attempt (a reserved name): the webhook is then failed at once, with that attempt. */
  refusal: string | null;
};

export type PaymentWrite = {
  transaction: NewTransaction;
  /** The engine configuration the payment was decided by; nothing is written when another one is current. */
  configVersion?: number;
  webhooks: PaymentWebhook[];
  scheduled?: { id: string; done: boolean; reason: string | null };
  /** The review case of a payment a `review` ruleset held (issue 36), written with it. */
  review?: ReviewCaseWrite;
  audit?: AuditEntry;
  /** The idempotency answer and the request's trail entry: stored by the same statement, which writes only if it stores it. */
  answer?: StoredAnswer;
};

/** An instant as JavaScript's `toISOString` writes it (what a webhook payload built from a read row carries). */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const transactionSnapshot = sql`jsonb_build_object('id', t.id, 'status', t.status, 'status_reason', t.status_reason,
  'amount', t.amount, 'refunded_amount', t.refunded_amount, 'currency_code', t.currency_code,
  'merchant_reference', t.merchant_reference, 'payment_product_type', t.payment_product_type,
  'payment_profile', t.payment_profile_id, 'created_at', ${iso('t.created_at')}, 'updated_at', ${iso('t.updated_at')},
  'organisation', t.organisation_id)`;

/**
 * Writes a decided payment in ONE statement: the transaction (its rollups by their triggers), its
 * webhooks with their first delivery jobs, the scheduled transaction's outcome, the audit entry
 * and, for a call with an Idempotency-Key, its answer and the request's trail entry. With
 * `configVersion` it writes only while that engine configuration is the current one
 * (in the statement's own snapshot) and answers undefined otherwise: decide again with the
 * current configuration. Answers the transaction as `GET transaction/{id}` shows it.
 */
export const writePayment = async (
  q: Queryable,
  write: PaymentWrite,
): Promise<RowOf<typeof transactionEntity> | undefined> => {
  const when =
    write.configVersion === undefined
      ? sql`true`
      : sql`(select version from engine_config_version) = ${write.configVersion}::bigint`;
  const answer = write.answer;
  // With an answer to store, `idem` stores it first and the payment is written only if it was: both or neither.
  const parts: Sql[] = answer
    ? [
        answer.clauses(when),
        sql`ins as (${insertTransactionWhen(write.transaction, sql`${when} and exists (select 1 from idem)`)})`,
      ]
    : [sql`ins as (${insertTransactionWhen(write.transaction, when)})`];
  write.webhooks.forEach((w, i) => {
    const name = `wh${i}`;
    const payload =
      w.data === 'transaction'
        ? sql`jsonb_build_object('type', ${w.event}::text, 'timestamp', ${w.at.toISOString()}::text, 'data', ${transactionSnapshot})`
        : sql`jsonb_build_object('type', ${w.event}::text, 'timestamp', ${w.at.toISOString()}::text, 'data', ${JSON.stringify(w.data)}::jsonb)`;
    // A payment's webhooks are of its mode (a test payment's deliveries show in test mode only).
    parts.push(sql`${sql.raw(name)} as (insert into webhook (id, organisation_id, merchant_id, url, type, event, item_id, status, payload,
        manual, attempts, state, next_attempt_at, created_at, updated_at, mode)
      select ${w.id}::text, ${w.organisationId}::text, ${w.merchantId}::text, ${w.url}::text, ${w.type}::text, ${w.event}::text,
        ${w.itemId}::text, ${w.status}::text, ${payload}, false, ${w.refusal === null ? 0 : 1}::int,
        ${w.refusal === null ? 'queued' : 'failed'}::text, ${w.refusal === null ? w.at : null}::timestamptz,
        ${w.at}::timestamptz, ${w.at}::timestamptz, t.mode
      from ins t returning id)`);
    parts.push(
      w.refusal === null
        ? // The first delivery, as webhooks/delivery.service.ts queues it (jobs/queue.ts `enqueue`).
          sql`${sql.raw(`${name}_job`)} as (insert into job (queue, payload, run_at, unique_key, max_attempts, concurrency_key)
          select 'webhook.deliver', jsonb_build_object('webhook_id', id), ${w.at}::timestamptz, 'webhook:' || id || ':1', 3,
            ${endpointKey(w.url)}::text from ${sql.raw(name)}
          on conflict (queue, unique_key) where unique_key is not null and status in ('queued', 'running') do nothing)`
        : sql`${sql.raw(`${name}_attempt`)} as (insert into webhook_attempt (webhook_id, attempt, created_at, status_code, duration_ms, content, manual)
          select id, 1, ${w.at}::timestamptz, null, 0, ${w.refusal}::text, false from ${sql.raw(name)})`,
    );
  });
  if (write.scheduled) {
    const s = write.scheduled;
    parts.push(sql`scheduled as (update scheduled_transaction set status = ${s.done ? 'DONE' : 'FAILED'}::text,
        transaction_id = ins.id, attempts = attempts + 1, failure_reason = ${s.done ? null : s.reason}::text, updated_at = now()
      from ins where scheduled_transaction.id = ${s.id})`);
  }
  if (write.review) parts.push(sql`review as (${insertReviewCaseFrom(write.review, sql`ins`)})`);
  if (write.audit) parts.push(sql`audit as (${auditInsertFrom(write.audit, sql`ins`)})`);
  if (answer?.audit) parts.push(sql`trail as (${auditInsertFrom(answer.audit, sql`ins`)})`);
  // Prepared once per connection and shape (the text depends only on which parts there are): it is
  // parsed and planned once, not for every payment.
  const shape = [
    write.configVersion === undefined ? '' : 'v',
    ...write.webhooks.map((w) => (w.data === 'transaction' ? 't' : 'd') + (w.refusal === null ? 'q' : 'r')),
    write.scheduled ? 's' : '',
    write.review ? 'r' : '',
    write.audit ? 'a' : '',
    write.transaction.createdAt ? 'c' : '',
    answer ? (answer.audit ? 'it' : 'i') : '',
  ].join('');
  const [row] = await q.query<RowOf<typeof transactionEntity>>(
    sql.prepared(
      `kassa_payment_write_3_${shape}`,
      sql`with ${sql.join(parts, ', ')} select ${selectList(transactionEntity)} from ins e`,
    ),
  );
  return row;
};
