import type { TTransactionCreateBody } from '@kassa/domain';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Row } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import type { Actor } from '../../plugins/actor.ts';
import { chargePayment } from './charge.service.ts';
import { assertSameMerchant, findOwned } from './scoped.repository.ts';
import { transactionEntity } from './transaction.entity.ts';
import { lockTransaction, markBlocked } from './transaction.repository.ts';

/** Creates a payment through the one payment path; a declined payment is still a created transaction. */
export const createPayment = async (db: Db, actor: Actor, body: TTransactionCreateBody): Promise<Row> => {
  const transactionId = await db.transaction(async (tx) => {
    const profile = await findOwned(tx, actor.scope, 'payment_profile', body.payment_profile, 'body.payment_profile');
    if (body.customer) assertSameMerchant(profile, await findOwned(tx, actor.scope, 'customer', body.customer, 'body.customer'), 'body.customer');
    const result = await chargePayment(tx, {
      organisationId: profile.organisation_id,
      paymentProfileId: profile.id,
      customerId: body.customer ?? null,
      amount: body.amount,
      productType: body.payment_product_type,
      merchantReference: body.merchant_reference,
      description: body.description ?? undefined,
      recurringType: body.recurring_type,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'transaction_created',
      responseCode: 201,
      entity: 'transaction',
      entityId: result.transactionId,
      transactionId: result.transactionId,
      detail: { amount: body.amount, status: result.status, status_reason: result.statusReason },
    });
    return result.transactionId;
  });
  return getEntity(db, transactionEntity, actor.scope, transactionId);
};

/** Marks a FAILED transaction as blocked (payments.md §4); anything else is a 409 naming its status. */
export const blockTransaction = async (db: Db, actor: Actor, id: string): Promise<Row> => {
  await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, actor.scope, id);
    if (!transaction) throw notFound('Transaction');
    if (transaction.status !== 'FAILED') {
      throw new HttpError(409, 'conflict', `Only a FAILED transaction can be marked blocked; this one is ${transaction.status}`);
    }
    if (transaction.blocked) return;
    await markBlocked(tx, id);
    await recordAudit(tx, { ...actor.audit, type: 'transaction_blocked', responseCode: 200, entity: 'transaction', entityId: id, transactionId: id });
  });
  return getEntity(db, transactionEntity, actor.scope, id);
};
