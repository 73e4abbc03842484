import type { FastifyInstance } from 'fastify';
import { access } from '@kassa/domain';
import { registerReadRoutes } from '../../query/routes.ts';
import { chargebackEntity } from './chargeback.entity.ts';
import { customerEntity } from './customer.entity.ts';
import { refundEntity } from './refund.entity.ts';
import { transactionEntity } from './transaction.entity.ts';

export const paymentsRoutes = async (app: FastifyInstance) => {
  registerReadRoutes(app, { path: 'transaction', entity: transactionEntity, roles: [...access.transaction.list, ...access.pspTransaction.list] });
  registerReadRoutes(app, { path: 'refund', entity: refundEntity, roles: access.refund.list });
  registerReadRoutes(app, { path: 'chargeback', entity: chargebackEntity, roles: access.chargeback.list });
  registerReadRoutes(app, { path: 'customer', entity: customerEntity, roles: access.customer.list });
};
