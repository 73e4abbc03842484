import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  ZMiddlewareCreate,
  ZMiddlewareUpdate,
  ZPaymentProfileCreate,
  ZPaymentProfileUpdate,
  ZProcessorCreate,
  ZProcessorDetail,
  ZProcessorUpdate,
  ZProcessorValues,
  ZProcessorWithDetails,
} from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { registerCrud } from '../../query/crud.ts';
import {
  createPaymentProfile,
  listRoutings,
  paymentProfileWrite,
  updatePaymentProfile,
} from './payment-profile.service.ts';
import {
  createMiddleware,
  createProcessor,
  middlewareWrite,
  processorWrite,
  readProcessorDetails,
  updateMiddleware,
  updateProcessor,
  updateProcessorValues,
} from './processor.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const actorWithRolesOf = (request: FastifyRequest) => ({ ...actorOf(request), roles: authOf(request).roles });
const processorEditors = [...access.pspProcessor.edit, ...access.processorSettlement.edit];

/** Writing payment profiles, processors (and processor settlements) and middleware (risk-config.md §2.9, §2.10, §3, §5). */
export const paymentConfigRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/v1/paymentprofile/routing', {
    config: { access: { roles: access.paymentProfile.list } },
    schema: {
      tags: ['payment_profile'],
      description: 'The routings a profile can choose per payment product.',
      response: {
        200: z.array(
          z.object({ id: z.string(), name: z.string(), payment_product: z.string(), processors: z.array(z.string()) }),
        ),
      },
    },
    handler: (request) => listRoutings(app.db, authOf(request).scope),
  });
  // Profiles are read through settings.routes.ts.
  registerCrud(app, {
    write: paymentProfileWrite,
    roles: {
      list: access.paymentProfile.list,
      create: access.paymentProfile.create,
      update: access.paymentProfile.update,
    },
    schemas: { create: ZPaymentProfileCreate, update: ZPaymentProfileUpdate },
    registerRead: false,
    create: createPaymentProfile,
    update: updatePaymentProfile,
  });

  app.get('/v1/processor/:id/details', {
    config: { access: { roles: [...access.pspProcessor.list, ...access.processorSettlement.list] } },
    schema: {
      tags: ['processor'],
      description: 'Names and descriptions of the credentials; values only as a hint.',
      params: ZIdParams,
      response: { 200: z.array(ZProcessorDetail) },
    },
    handler: (request) => readProcessorDetails(app.db, request.params.id),
  });
  app.post('/v1/processor/:id/values', {
    config: { access: { roles: processorEditors } },
    schema: {
      tags: ['processor'],
      description:
        'Changes only the values of detail rows the processor already has (the form in a merchant’s context, risk-config.md §6); an empty value keeps the stored one.',
      params: ZIdParams,
      body: ZProcessorValues,
      response: { 200: ZProcessorWithDetails },
    },
    handler: (request) => updateProcessorValues(app.db, actorWithRolesOf(request), request.params.id, request.body),
  });
  // Processors and middleware are read through settings.routes.ts.
  registerCrud(app, {
    write: processorWrite,
    roles: { list: access.processor.list, create: processorEditors, update: processorEditors },
    schemas: { create: ZProcessorCreate, update: ZProcessorUpdate, response: ZProcessorWithDetails },
    registerRead: false,
    actorOf: actorWithRolesOf,
    create: createProcessor,
    update: updateProcessor,
  });
  registerCrud(app, {
    write: middlewareWrite,
    roles: { list: access.middleware.list, create: access.pspMiddleware.edit, update: access.pspMiddleware.edit },
    schemas: { create: ZMiddlewareCreate, update: ZMiddlewareUpdate },
    registerRead: false,
    create: createMiddleware,
    update: updateMiddleware,
  });
};
