import { type TransactionStatus, type TTransactionCreateBody } from '@kassa/domain';
import { HttpError, notFound, notFoundAt } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { type OwnedRow, getEntity, getOwnedRow } from '../../query/repository.ts';
import type { Actor } from '../../plugins/actor.ts';
import { openChallenge } from '../checkout/hosted-checkout.service.ts';
import { preparePayment, type ChargeResult } from './charge.service.ts';
import { loadEngineConfig, writePayment, type EngineConfigRow } from './charge.repository.ts';
import { engineConfigs } from './engine-config.ts';
import { inMerchantScope } from '../../query/where.ts';
import { assertSameMerchant } from './same-merchant.ts';
import { assertAmountCap } from './amount-cap.ts';
import { customerEntity } from './customer.entity.ts';
import { transactionEntity } from './transaction.entity.ts';
import { transitionTransaction } from './lifecycle.service.ts';
import { lockTransaction, markBlocked, newTransactionRow } from './transaction.repository.ts';
import type { RowOf } from '../../query/entity.ts';

/** Payments decided by a kept configuration that turned out changed, before one holds the configuration still. */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Creates a payment through the one payment path; a declined payment is still a created
 * transaction. A payment a 3-D Secure ruleset sends to a challenge is IN_PROGRESS and answers
 * `checkout_url`, the hosted page where the customer completes it.
 *
 * Round trips (issue 14): the engine's configuration is kept per process (`engineConfigs`) and the
 * payment, its webhooks and its audit entry are written in one statement that checks the
 * configuration is still current; a changed one is read again and the payment decided again.
 * After a few such misses the configuration is read and held (shared lock) in one transaction.
 */
export const createPayment = async (db: Db, actor: Actor, body: TTransactionCreateBody, publicUrl: string) => {
  const configs = engineConfigs(db);
  const customer = body.customer
    ? await getOwnedRow<OwnedRow & { status: string | null; country_code: string | null }>(
        db,
        customerEntity,
        actor.scope,
        body.customer,
        'body.customer',
        { columns: ['status', 'country_code'] },
      )
    : undefined;
  const attempt = async (q: Queryable, config: EngineConfigRow, transactional: boolean) => {
    const profile = config.profile;
    if (!profile || !inMerchantScope(actor.scope, profile)) return 'not found' as const;
    if (customer) assertSameMerchant({ ...profile, id: profile.id }, customer, 'body.customer');
    assertAmountCap(body.amount, profile.currency_code);
    const { result, write } = await preparePayment(
      config,
      {
        organisationId: profile.organisation_id,
        paymentProfileId: profile.id,
        customerId: body.customer ?? null,
        amount: body.amount,
        productType: body.payment_product_type,
        merchantReference: body.merchant_reference,
        description: body.description ?? undefined,
        recurringType: body.recurring_type,
        cardNumber: body.card_number ?? null,
        threeDSecure: body.three_d_secure,
        challenge: true,
        mode: actor.mode,
      },
      customer && { status: customer.status ?? null, country_code: customer.country_code ?? null },
    );
    write.audit = {
      ...actor.audit,
      type: 'transaction_created',
      responseCode: 201,
      entity: 'transaction',
      entityId: result.transactionId,
      transactionId: result.transactionId,
      paymentProfileId: profile.id,
      detail: {
        amount: body.amount,
        status: result.status,
        status_reason: result.statusReason,
        decision: result.decision,
      },
    };
    if (result.status !== 'IN_PROGRESS' && actor.answer) {
      // The idempotency answer is the row as the statement writes it, stored by that same statement.
      const createdAt = new Date();
      write.transaction.createdAt = createdAt;
      write.answer = await actor.answer.prepare(201, newTransactionRow({ ...write.transaction, createdAt }));
    }
    // A challenge opens a checkout session for the new transaction: both in one database transaction.
    if (result.status !== 'IN_PROGRESS' || transactional) {
      const row = await writePayment(q, write);
      if (!row || result.status !== 'IN_PROGRESS') return row;
      return challenged(q, row, result);
    }
    return db.transaction(async (tx) => {
      const row = await writePayment(tx, write);
      return row && challenged(tx, row, result);
    });
  };
  // Its idempotency answer (with its checkout URL) commits with the checkout session.
  const challenged = async (tx: Queryable, row: RowOf<typeof transactionEntity>, result: ChargeResult) => {
    const answer = { ...row, checkout_url: await challenge(tx, result) };
    await actor.answer?.record(tx, 201, answer);
    return answer;
  };
  const challenge = (q: Queryable, result: ChargeResult) =>
    openChallenge(q, publicUrl, {
      transactionId: result.transactionId,
      merchantId: result.merchantId,
      facts: result.facts,
      returnUrl: body.return_url ?? null,
    });
  for (let i = 0; i < OPTIMISTIC_ATTEMPTS; i++) {
    const config = await configs.get(db, body.payment_profile, i > 0);
    const row = await attempt(db, config, false);
    if (row === 'not found') {
      // A kept profile outside the caller's tenancy is read once more before the 404: it may have moved.
      if (i === 0 && config !== (await configs.get(db, body.payment_profile, true))) continue;
      throw notFoundAt('body.payment_profile', 'Payment profile');
    }
    if (row) return row;
    // Not written: the configuration changed, or (only with a key) the claim was taken over after its lease.
    await actor.answer?.assertHeld(db);
    configs.clear();
  }
  const row = await db.transaction(async (tx) =>
    attempt(tx, await loadEngineConfig(tx, body.payment_profile, null, true), true),
  );
  if (row === 'not found') throw notFoundAt('body.payment_profile', 'Payment profile');
  if (!row) {
    await actor.answer?.assertHeld(db);
    throw new Error('createPayment: the payment was not written under a held configuration');
  }
  return row;
};

/** Marks a FAILED transaction as blocked (payments.md §4); anything else is a 409 naming its status. */
export const blockTransaction = async (db: Db, actor: Actor, id: string) => {
  await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, actor.scope, id);
    if (!transaction) throw notFound('Transaction');
    if (transaction.status !== 'FAILED') {
      throw new HttpError(
        409,
        'conflict',
        `Only a FAILED transaction can be marked blocked; this one is ${transaction.status}`,
      );
    }
    if (transaction.blocked) return;
    await markBlocked(tx, id);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'transaction_blocked',
      responseCode: 200,
      entity: 'transaction',
      entityId: id,
      transactionId: id,
    });
  });
  return getEntity(db, transactionEntity, actor.scope, id);
};

/** Moves a transaction of the actor's tenancy to the status `next` picks, through the lifecycle, audited, its webhook queued. */
const transition = async (
  db: Db,
  actor: Actor,
  id: string,
  type: string,
  next: (from: TransactionStatus) => TransactionStatus,
  reason: string,
) =>
  db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, actor.scope, id);
    if (!transaction) throw notFound('Transaction');
    const from = transaction.status as TransactionStatus;
    const to = next(from);
    await transitionTransaction(tx, transaction, to, reason);
    await recordAudit(tx, {
      ...actor.audit,
      type,
      responseCode: 200,
      entity: 'transaction',
      entityId: id,
      transactionId: id,
      detail: { from, to },
    });
    // Read in the transaction, so that its idempotency answer commits with the change.
    const row = await getEntity(tx, transactionEntity, actor.scope, id);
    await actor.answer?.record(tx, 200, row);
    return row;
  });

/** Captures an authorisation: the money is requested for settlement. */
export const captureTransaction = (db: Db, actor: Actor, id: string) =>
  transition(db, actor, id, 'transaction_captured', () => 'SETTLEMENT_REQUESTED', 'Captured by the merchant');

const CANCEL_TO: Partial<Record<TransactionStatus, TransactionStatus>> = {
  AUTHORIZED: 'AUTHORIZATION_VOIDED',
  REAUTHORIZED: 'AUTHORIZATION_VOIDED',
  SETTLEMENT_REQUESTED: 'VOIDED',
};

/** Cancels a payment: voids an authorisation or a capture still in the batch, cancels one without an answer. */
export const cancelTransaction = (db: Db, actor: Actor, id: string) =>
  transition(
    db,
    actor,
    id,
    'transaction_cancelled',
    (from) => CANCEL_TO[from] ?? 'CANCELLED',
    'Cancelled by the merchant',
  );
