import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZSapCreate, ZSapOnboard } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { createSapPartner, deleteSapPartner, onboardSapPartner, sapEntity } from './sap.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['sap'];

/** Provider settings → SAP (risk-config.md §2.13), registered only when the optional sap module is on. */
export const sapRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, { path: 'psp/sap', entity: sapEntity, roles: access.sap.list });
  app.post('/v1/psp/sap', {
    config: { access: { roles: access.sap.edit } },
    schema: {
      tags,
      description:
        'Adds a merchant to SAP under a company code (CREATED); one live record per merchant (409 on body.organisation).',
      body: ZSapCreate,
      response: { 201: sapEntity.row },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createSapPartner(app.db, actorOf(request), request.body)),
  });
  app.post('/v1/psp/sap/:id/onboard', {
    config: { access: { roles: access.sap.edit } },
    schema: {
      tags,
      description:
        'CREATED → ONBOARDED with the business partner number SAP gave the merchant (unique per company code).',
      params: ZIdParams,
      body: ZSapOnboard,
      response: { 200: sapEntity.row },
    },
    handler: (request) => onboardSapPartner(app.db, actorOf(request), request.params.id, request.body),
  });
  app.delete('/v1/psp/sap/:id', {
    config: { access: { roles: access.sap.edit } },
    schema: {
      tags,
      description: 'Marks the record DELETED (kept for history); the merchant can then be added again.',
      params: ZIdParams,
      response: { 200: sapEntity.row },
    },
    handler: (request) => deleteSapPartner(app.db, actorOf(request), request.params.id),
  });
};
