import type { Rule, RoutingNode, RulesetAction } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type ChargeProfile = {
  id: string;
  organisation_id: string;
  currency_code: string;
  routing: Record<string, unknown> | null;
};

export const loadChargeProfile = async (
  tx: Queryable,
  paymentProfileId: string,
): Promise<ChargeProfile | undefined> => {
  const [row] = await tx.query<ChargeProfile>(
    sql`select id, organisation_id, currency_code, routing from payment_profile where id = ${paymentProfileId}`,
  );
  return row;
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
  active: boolean;
  payment_product: string | null;
  sandbox_latency_ms: number;
  sandbox_outage: boolean;
};

/** The first active processor of the profile, in the profile's order, that handles the product. */
export const pickProcessor = async (
  tx: Queryable,
  paymentProfileId: string,
  productType: string,
): Promise<string | undefined> => {
  const [row] = await tx.query<{ id: string }>(sql`
    select pr.id from payment_profile p join processor pr on pr.id = any(p.processors)
    where p.id = ${paymentProfileId} and pr.active and pr.payment_product = ${productType}
    order by array_position(p.processors, pr.id) limit 1`);
  return row?.id;
};

/** A processor as the engine needs it, only if the profile has it. */
export const profileProcessor = async (
  tx: Queryable,
  paymentProfileId: string,
  processorId: string,
): Promise<ChargeProcessor | undefined> => {
  const [row] = await tx.query<ChargeProcessor>(sql`
    select pr.id, pr.active, pr.payment_product, pr.sandbox_latency_ms, pr.sandbox_outage
    from payment_profile p join processor pr on pr.id = any(p.processors) where p.id = ${paymentProfileId} and pr.id = ${processorId}`);
  return row;
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

/**
 * The rulesets that judge a payment: those of the payment's organisation or an organisation above
 * it within the merchant, for every profile or for this one; oldest first.
 */
export const rulesetsFor = (tx: Queryable, merchantId: string, organisationPath: string, paymentProfileId: string) =>
  tx.query<ChargeRuleset>(sql`
    select r.id, r.organisation_id, r.name, r.action, r.rules, r.tag_id as tag, r.webhook_url
    from validation_ruleset r join organisation o on o.id = r.organisation_id
    where r.merchant_id = ${merchantId} and (r.payment_profile_id is null or r.payment_profile_id = ${paymentProfileId})
      and ${organisationPath} like o.path || '%'
    order by r.created_at, r.id`);

export type ChargeRouting = { id: string; name: string; version: number; details: RoutingNode };

export const routingById = async (tx: Queryable, id: string): Promise<ChargeRouting | undefined> => {
  const [row] = await tx.query<ChargeRouting>(sql`select id, name, version, details from routing where id = ${id}`);
  return row;
};

export const finishScheduledTransaction = (
  tx: Queryable,
  id: string,
  outcome: { transactionId: string; done: boolean; reason: string | null },
) =>
  tx.query(sql`update scheduled_transaction set status = ${outcome.done ? 'DONE' : 'FAILED'}, transaction_id = ${outcome.transactionId},
      attempts = attempts + 1, failure_reason = ${outcome.done ? null : outcome.reason}, updated_at = now()
    where id = ${id}`);
