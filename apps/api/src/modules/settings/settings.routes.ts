import type { FastifyInstance } from 'fastify';
import { access } from '@kassa/domain';
import { registerReadRoutes } from '../../query/routes.ts';
import { tagEntity } from './tag.entity.ts';
import {
  middlewareEntity,
  organisationEntity,
  paymentProfileEntity,
  processorEntity,
  settlementEntity,
} from './settings.entities.ts';

export const settingsRoutes = async (app: FastifyInstance) => {
  registerReadRoutes(app, { path: 'organisation', entity: organisationEntity, roles: access.organisation.list });
  registerReadRoutes(app, { path: 'processor', entity: processorEntity, roles: access.processor.list });
  registerReadRoutes(app, { path: 'middleware', entity: middlewareEntity, roles: access.middleware.list });
  registerReadRoutes(app, { path: 'paymentprofile', entity: paymentProfileEntity, roles: access.paymentProfile.list });
  registerReadRoutes(app, { path: 'settlement', entity: settlementEntity, roles: access.settlement.list });
  // Tags are shown on transactions, so anyone who may list transactions may read them.
  registerReadRoutes(app, { path: 'tag', entity: tagEntity, roles: [...access.transaction.list, ...access.tag.list] });
};
