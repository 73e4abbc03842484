import { clientOf } from './client-of.ts';
import { issuerOf } from './bin-table.ts';
import {
  assertTransition,
  evaluateRouting,
  evaluateRuleset,
  type PaymentFacts,
  type PaymentProduct,
  type TMode,
  type TransactionStatus,
  type TTransactionDecision,
} from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import {
  chargeCustomer,
  loadEngineConfig,
  writePayment,
  type ChargeCustomer,
  type ChargeRuleset,
  type EngineConfigRow,
  type PaymentWebhook,
  type PaymentWrite,
} from './charge.repository.ts';
import { sandboxAuthorise, sandboxCard, sandboxIssuerCountry, type SandboxStatus } from './sandbox-processor.ts';
import { REVIEW_EXPIRES_AFTER_MS, type ReviewCaseWrite } from '../review/review-case.repository.ts';
import { reservedNameRefusal } from '../webhooks/address-guard.ts';

export type ChargeInput = {
  /** False for a replay of past charges (the demo world): no webhook for events long gone. */
  notify?: boolean;
  organisationId: string;
  paymentProfileId: string;
  customerId: string | null;
  /** Minor units, a positive whole number. */
  amount: number;
  productType: PaymentProduct;
  merchantReference: string;
  description?: string;
  subscriptionId?: string;
  subscriptionCycle?: number;
  recurringType?: 'none' | 'initial' | 'recurring';
  scheduledTransactionId?: string;
  /** A (test) card number, digits only; card payments without one use the default test card. */
  cardNumber?: string | null;
  /** The customer's user agent, when the payment is made on Kassa's hosted pages (platform and browser statistics). */
  userAgent?: string | null;
  /** The merchant asks for 3-D Secure. */
  threeDSecure?: boolean;
  /**
   * The caller can send the customer to the hosted checkout page: a payment a 3-D Secure ruleset
   * asks for is then IN_PROGRESS until the challenge ends. Without it (demo traffic, billing
   * runs) the authentication counts as frictionless.
   */
  challenge?: boolean;
  /** Test mode (issue 38): the mode of the caller or of the parent row (a subscription, a link); live when absent. */
  mode?: TMode;
};

export type ChargeResult = {
  transactionId: string;
  /** IN_PROGRESS only when the caller allowed a challenge; AUTHORIZED when a review ruleset held it. */
  status: SandboxStatus | 'IN_PROGRESS' | 'AUTHORIZED';
  statusReason: string | null;
  decision: TTransactionDecision;
  /** The facts the rulesets judged, kept by a challenge for the routing after it. */
  facts: PaymentFacts;
  merchantId: string;
};

type Routed = { processorId: string | null; routing: TTransactionDecision['routing']; reason: string | null };

/**
 * The profile's routing tree for the product decides the processor; without one, the profile's
 * first active processor does. A routing applies only as the screens say: the profile's
 * intelligent-routing toggle is on and the routing is one for this payment's product.
 */
const route = (config: EngineConfigRow, product: PaymentProduct, facts: PaymentFacts): Routed => {
  const routingId = config.profile?.intelligent_routing ? config.profile.routing?.[product] : undefined;
  // Only a routing id routes; older demo worlds kept a weighted split object here, which routes like no routing.
  const routing =
    typeof routingId === 'string'
      ? config.routings.find((r) => r.id === routingId && r.payment_product === product)
      : undefined;
  if (!routing) {
    const processorId = config.processors.find((p) => p.active && p.payment_product === product)?.id ?? null;
    return {
      processorId,
      routing: { routing: null, name: null, version: null, path: [], processor: processorId, fallback: true },
      reason: processorId ? null : 'no processor',
    };
  }
  const decision = evaluateRouting(routing.details, facts);
  const routed = {
    routing: routing.id,
    name: routing.name,
    version: routing.version,
    path: decision.path,
    processor: decision.processor,
    fallback: false,
  };
  if (!decision.processor)
    return { processorId: null, routing: routed, reason: 'no route: the routing tree ends in an empty branch' };
  return { processorId: decision.processor, routing: routed, reason: null };
};

export type Authorisation = {
  status: SandboxStatus;
  reason: string | null;
  processorId: string | null;
  externalId: string | null;
  routing: TTransactionDecision['routing'];
  acquirer: TTransactionDecision['acquirer'];
};

/** Where a payment's transaction webhooks go: in test mode the profile's test URL when it has one (issue 38), else the shared one. */
export const webhookUrlOf = (
  profile: { webhook_transaction_update: string | null; test_webhook_transaction_update?: string | null },
  mode: TMode,
): string | null =>
  (mode === 'test' ? profile.test_webhook_transaction_update : null) ?? profile.webhook_transaction_update;

/**
 * Test payments go to the sandbox acquirer only, never to a live one (issue 38): a test-mode payment
 * routed to a processor with a live acquirer fails without reaching it. Every processor is connected
 * to the sandbox acquirer today, so this guards the day a live connection is added.
 */
export const acquirerRefusal = (processor: { acquirer?: 'sandbox' | 'live' }, mode: TMode): string | null =>
  mode === 'test' && (processor.acquirer ?? 'sandbox') !== 'sandbox'
    ? 'test mode: test payments go to the sandbox acquirer only, never to a live processor'
    : null;

const routeAndAuthoriseBy = async (
  config: EngineConfigRow,
  facts: PaymentFacts,
  payment: { customerStatus: string | null; cardNumber?: string | null; mode?: TMode },
): Promise<Authorisation> => {
  const routed = route(config, facts.payment_product as PaymentProduct, facts);
  const processor = routed.processorId ? config.processors.find((p) => p.id === routed.processorId) : undefined;
  if (!processor || !processor.active) {
    const reason = routed.reason ?? 'the routed processor is not an active processor of the profile';
    return { status: 'FAILED', reason, processorId: null, externalId: null, routing: routed.routing, acquirer: null };
  }
  const refusal = acquirerRefusal(processor, payment.mode ?? 'live');
  if (refusal)
    return {
      status: 'FAILED',
      reason: refusal,
      processorId: null,
      externalId: null,
      routing: routed.routing,
      acquirer: null,
    };
  const answer = await sandboxAuthorise(
    {
      amount: facts.amount,
      productType: facts.payment_product as string,
      customerStatus: payment.customerStatus,
      cardNumber: payment.cardNumber,
    },
    { latencyMs: processor.sandbox_latency_ms, outage: processor.sandbox_outage },
  );
  return {
    status: answer.status,
    reason: answer.reason,
    processorId: processor.id,
    externalId: answer.externalId,
    routing: routed.routing,
    acquirer: { code: answer.code },
  };
};

/**
 * The review rulesets among the fired ones that hold this payment (issue 36): only card payments
 * the shopper makes can be held (an authorisation to capture later); other products, and billing
 * runs' and schedules' charges (no one waits for them), pass.
 */
const reviewRulesetsOf = (
  fired: ChargeRuleset[],
  payment: { productType: string; subscriptionId?: string | null; scheduledTransactionId?: string | null },
): ChargeRuleset[] =>
  payment.productType === 'card' && !payment.subscriptionId && !payment.scheduledTransactionId
    ? fired.filter((r) => r.action === 'review')
    : [];

export type Hold = {
  status: SandboxStatus | 'AUTHORIZED';
  reason: string | null;
  /** The review case to write with the payment; absent when nothing holds it. */
  review?: ReviewCaseWrite;
};

/**
 * The one review hold (issue 36), at creation and after a passed 3-D Secure challenge alike: a
 * review ruleset holds an approved card sale as an authorisation, captured only when a person
 * approves; its case carries the rules that matched and the merchant's SLA from now.
 */
export const holdForReview = (
  answer: { status: SandboxStatus; reason: string | null },
  reviewedBy: ChargeRuleset[],
  payment: { cardBin: string | null; ipCountry: string | null; slaHours: number },
): Hold => {
  if (answer.status !== 'SETTLEMENT_REQUESTED' || reviewedBy.length === 0) return answer;
  return {
    status: 'AUTHORIZED',
    reason: `Held for review: ${reviewedBy.map((r) => r.name).join(', ')}`,
    review: {
      id: newId('rv'),
      rules: reviewedBy.map((r) => ({ id: r.id, name: r.name, rules: r.rules })),
      cardCountry: sandboxIssuerCountry(payment.cardBin),
      ipCountry: payment.ipCountry,
      slaDueAt: new Date(Date.now() + payment.slaHours * 3_600_000),
      expiresAt: new Date(Date.now() + REVIEW_EXPIRES_AFTER_MS),
    },
  };
};

const DEFAULT_REVIEW_SLA_HOURS = 4;

/**
 * A payment that waited for a 3-D Secure challenge, after the customer passed it: the profile's
 * routing tree and its acquirer, then the same review hold as a payment without a challenge. The
 * review rulesets are those that fired at creation (`fired`, the decision's ruleset ids), with
 * their rules as they are now; one deleted meanwhile no longer holds.
 */
export const authoriseChallenged = async (
  tx: Queryable,
  payment: {
    paymentProfileId: string;
    organisationId: string;
    facts: PaymentFacts;
    fired: string[];
    subscriptionId: string | null;
    customerStatus: string | null;
    cardNumber?: string | null;
    mode?: TMode;
  },
): Promise<Omit<Authorisation, 'status' | 'reason'> & Hold> => {
  const config = await loadEngineConfig(tx, payment.paymentProfileId, payment.organisationId);
  const answer = await routeAndAuthoriseBy(config, payment.facts, payment);
  const reviewedBy = reviewRulesetsOf(
    config.rulesets.filter((r) => payment.fired.includes(r.id)),
    { productType: payment.facts.payment_product ?? '', subscriptionId: payment.subscriptionId },
  );
  return {
    ...answer,
    ...holdForReview(answer, reviewedBy, {
      cardBin: payment.facts.card_bin,
      ipCountry: payment.facts.country_code,
      slaHours: config.limits?.review_sla_hours ?? DEFAULT_REVIEW_SLA_HOURS,
    }),
  };
};

/** A webhook of the payment's database transaction: it exists if and only if the payment it reports does. */
const paymentWebhook = (event: Omit<PaymentWebhook, 'id' | 'at' | 'refusal'>): PaymentWebhook => ({
  ...event,
  id: newId('wh'),
  at: new Date(),
  refusal: reservedNameRefusal(event.url),
});

/**
 * A fired ruleset with a webhook URL tells it (type `validationruleset`, event
 * `validationruleset.matched`, item = the ruleset; no status, portal.md §4).
 */
const rulesetWebhooks = (
  fired: ChargeRuleset[],
  payment: { transactionId: string; merchantId: string; profileId: string; facts: PaymentFacts; status: string },
): PaymentWebhook[] =>
  fired
    .filter((ruleset) => ruleset.webhook_url)
    .map((ruleset) =>
      paymentWebhook({
        type: 'validationruleset',
        event: 'validationruleset.matched',
        organisationId: ruleset.organisation_id,
        merchantId: payment.merchantId,
        url: ruleset.webhook_url as string,
        itemId: ruleset.id,
        status: null,
        data: {
          id: ruleset.id,
          name: ruleset.name,
          action: ruleset.action,
          transaction: payment.transactionId,
          transaction_status: payment.status,
          amount: payment.facts.amount,
          currency_code: payment.facts.currency_code,
          payment_product: payment.facts.payment_product,
          payment_profile: payment.profileId,
          organisation: ruleset.organisation_id,
        },
      }),
    );

/**
 * The one payment path: every payment (the API, payment links, recurring billing) goes through
 * here. Runs inside the caller's database transaction, so the transaction row, its decision, the
 * rollups (database triggers), the scheduled transaction's outcome and whatever the caller writes
 * (the audit entry) commit together or not at all.
 *
 * The engine, in order: the merchant's block rulesets (→ FAILED and blocked), tag rulesets
 * (→ tags), 3-D Secure rulesets (→ 3-D Secure required), then the payment profile's routing tree
 * (→ processor, decision path stored), then that processor's sandbox acquirer.
 * Inputs are trusted (the caller validated them and checked tenancy); a broken contract throws.
 */
export const chargePayment = async (tx: Queryable, input: ChargeInput): Promise<ChargeResult> => {
  const config = await loadEngineConfig(tx, input.paymentProfileId, input.organisationId);
  const customer = input.customerId ? await chargeCustomer(tx, input.customerId) : undefined;
  const { result, write } = await preparePayment(config, input, customer);
  // Read in the caller's transaction just now: written without the version check, as it was read.
  if (!(await writePayment(tx, { ...write, configVersion: undefined })))
    throw new Error(`chargePayment: transaction ${result.transactionId} was not written`);
  return result;
};

/**
 * The engine's decision for a payment by the configuration `config` (read by `loadEngineConfig`),
 * and the one statement that writes it (`writePayment`), without touching the database.
 */
export const preparePayment = async (
  config: EngineConfigRow,
  input: ChargeInput,
  customer: ChargeCustomer | undefined,
): Promise<{ result: ChargeResult; write: PaymentWrite }> => {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error(`chargePayment: amount must be a positive integer, got ${input.amount}`);
  const profile = config.profile;
  if (!profile) throw new Error(`chargePayment: payment profile ${input.paymentProfileId} does not exist`);
  const organisation = config.organisation;
  if (!organisation) throw new Error(`chargePayment: organisation ${input.organisationId} does not exist`);
  const started = new Date().toISOString();
  const transactionId = newId('tx');
  const card = sandboxCard(input.productType, input.cardNumber);
  const facts: PaymentFacts = {
    id: transactionId,
    amount: input.amount,
    currency_code: profile.currency_code,
    payment_product: input.productType,
    card_brand: card?.brand ?? null,
    card_bin: card?.bin ?? null,
    country_code: customer?.country_code ?? null,
    card: null,
    customer: input.customerId,
    customer_status: customer?.status ?? null,
    mcc: organisation.mcc,
    three_ds: input.threeDSecure ?? false,
    recurring_type: input.recurringType ?? 'none',
  };

  const fired = config.rulesets.filter((ruleset) => evaluateRuleset(ruleset, facts).matched);
  const blockedBy = fired.filter((r) => r.action === 'block');
  const reviewedBy = reviewRulesetsOf(fired, input);
  const tags = [...new Set(fired.filter((r) => r.action === 'tag' && r.tag).map((r) => r.tag as string))];
  // The provider's merchant configuration: a maximum amount, 3-D Secure for every payment, recurring off.
  const limits = config.limits ?? {
    max_transaction_amount: null,
    three_ds_policy: 'rulesets',
    refunds_enabled: true,
    recurring_enabled: true,
    review_sla_hours: DEFAULT_REVIEW_SLA_HOURS,
  };
  const threeDSecureRequired = fired.some((r) => r.action === '3dSecure') || limits.three_ds_policy === 'always';
  const decision: TTransactionDecision = {
    rulesets: fired.map((r) => ({ id: r.id, name: r.name, action: r.action })),
    three_ds_required: threeDSecureRequired,
    routing: null,
    acquirer: null,
  };

  // A ruleset asks for a challenge and the caller can send the customer to the hosted page;
  // a merchant-initiated recurring charge is exempt (no customer present).
  const challenge =
    threeDSecureRequired && blockedBy.length === 0 && !!input.challenge && facts.recurring_type !== 'recurring';
  let status: SandboxStatus | 'IN_PROGRESS' | 'AUTHORIZED';
  let reason: string | null;
  let processorId: string | null = null;
  let externalId: string | null = null;
  let review: ReviewCaseWrite | undefined;
  if (blockedBy.length > 0) {
    status = 'FAILED';
    reason = `Blocked by ruleset: ${blockedBy.map((r) => r.name).join(', ')}`;
  } else if (limits.max_transaction_amount !== null && input.amount > limits.max_transaction_amount) {
    status = 'FAILED';
    reason = `Above the merchant's maximum transaction amount of ${limits.max_transaction_amount} minor units`;
  } else if (!limits.recurring_enabled && (input.recurringType ?? 'none') !== 'none') {
    status = 'FAILED';
    reason = 'Recurring payments are switched off for this merchant';
  } else if (challenge) {
    status = 'IN_PROGRESS';
    reason = '3-D Secure challenge pending';
    decision.challenge = 'pending';
  } else {
    const answer = await routeAndAuthoriseBy(config, facts, {
      customerStatus: customer?.status ?? null,
      cardNumber: input.cardNumber,
      mode: input.mode,
    });
    ({ processorId, externalId } = answer);
    decision.routing = answer.routing;
    decision.acquirer = answer.acquirer;
    ({ status, reason, review } = holdForReview(answer, reviewedBy, {
      cardBin: card?.bin ?? null,
      ipCountry: facts.country_code,
      slaHours: limits.review_sla_hours,
    }));
    if (review) decision.review = 'held';
  }
  const history: { status: TransactionStatus; at: string; reason: string | null }[] = [
    { status: 'INITIATED', at: started, reason: null },
    { status, at: new Date().toISOString(), reason },
  ];
  for (let i = 1; i < history.length; i++) assertTransition(history[i - 1].status, history[i].status);

  const transaction = {
    id: transactionId,
    organisationId: input.organisationId,
    merchantId: organisation.merchant_id,
    paymentProfileId: profile.id,
    processorId,
    customerId: input.customerId,
    merchantReference: input.merchantReference,
    amount: input.amount,
    currencyCode: profile.currency_code,
    productType: input.productType,
    card,
    recurringType: input.recurringType ?? 'none',
    status,
    statusReason: reason,
    subscriptionId: input.subscriptionId ?? null,
    subscriptionCycle: input.subscriptionCycle ?? null,
    description: input.description ?? null,
    processorIdExternal: externalId,
    statusHistory: history,
    blocked: blockedBy.length > 0,
    tags,
    threeDs: facts.three_ds || threeDSecureRequired,
    countryCode: facts.country_code,
    client: clientOf(input.userAgent),
    issuer: issuerOf(card?.bin),
    decision,
    mode: input.mode ?? 'live',
  };
  // Test mode: the profile's test URL when it has one (issue 38), else the shared one.
  const transactionUrl = webhookUrlOf(profile, input.mode ?? 'live');
  const webhooks =
    input.notify === false
      ? []
      : [
          ...(transactionUrl
            ? [
                paymentWebhook({
                  type: 'transaction',
                  event: 'transaction.created',
                  organisationId: input.organisationId,
                  merchantId: organisation.merchant_id,
                  url: transactionUrl,
                  itemId: transactionId,
                  status,
                  data: 'transaction',
                }),
              ]
            : []),
          ...rulesetWebhooks(fired, {
            transactionId,
            merchantId: organisation.merchant_id,
            profileId: profile.id,
            facts,
            status,
          }),
        ];
  return {
    result: { transactionId, status, statusReason: reason, decision, facts, merchantId: organisation.merchant_id },
    write: {
      transaction,
      configVersion: config.version,
      webhooks,
      review,
      scheduled: input.scheduledTransactionId
        ? { id: input.scheduledTransactionId, done: status === 'SETTLEMENT_REQUESTED', reason }
        : undefined,
    },
  };
};
