import type { FastifyInstance } from 'fastify';
import { access } from '@kassa/domain';
import { registerReadRoutes } from '../../query/routes.ts';
import { chargebackEntity } from './chargeback.entity.ts';
import { customerEntity } from './customer.entity.ts';
import { disputeRoutes } from './dispute.routes.ts';
import { linkRoutes } from './link.routes.ts';
import { refundEntity } from './refund.entity.ts';
import { refundRoutes } from './refund.routes.ts';
import { scheduledTransactionEntity } from './scheduled-transaction.entity.ts';
import { transactionEntity } from './transaction.entity.ts';
import { transactionRoutes } from './transaction.routes.ts';

/** The refunds export columns of payments.md §2 "Refunds list", in the spec's order. */
export const REFUND_EXPORT_FIELDS = [
  'created_at',
  'last_status_update',
  'transaction.merchant_reference',
  'transaction.id',
  'transaction.created_at',
  'processor_id_external',
  'transaction.payment_product_type',
  'transaction.recurring_type',
  'transaction.amount',
  'amount',
  'reason',
  'status',
] as const;

export const paymentsRoutes = async (app: FastifyInstance) => {
  registerReadRoutes(app, {
    path: 'transaction',
    entity: transactionEntity,
    roles: [...access.transaction.list, ...access.pspTransaction.list],
  });
  registerReadRoutes(app, {
    path: 'refund',
    entity: refundEntity,
    roles: access.refund.list,
    exportFields: REFUND_EXPORT_FIELDS,
  });
  registerReadRoutes(app, { path: 'chargeback', entity: chargebackEntity, roles: access.chargeback.list });
  registerReadRoutes(app, { path: 'customer', entity: customerEntity, roles: access.customer.list });
  registerReadRoutes(app, {
    path: 'scheduled-transaction',
    entity: scheduledTransactionEntity,
    roles: access.scheduledTransaction.list,
  });
  await app.register(transactionRoutes);
  await app.register(refundRoutes);
  await app.register(linkRoutes);
  await app.register(disputeRoutes);
};
