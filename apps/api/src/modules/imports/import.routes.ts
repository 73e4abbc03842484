import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, ZImportCreate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { importEntity } from './import.entity.ts';
import { createImport } from './import.service.ts';

/** psp/imports: CSV imports of customers and transactions, run as jobs. */
export const importRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'import',
    entity: importEntity,
    roles: access.pspImport.list,
    exportFields: ['id', 'created_at', 'kind', 'file_name', 'status', 'total_rows', 'imported_rows', 'rejected_rows'],
  });
  app.post('/v1/import', {
    config: { access: { roles: access.pspImport.create } },
    schema: {
      tags: ['import'],
      description: 'Queues a CSV import for a merchant; valid rows are imported, rejected ones reported per line.',
      body: ZImportCreate,
      response: { 201: importEntity.row },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createImport(app.db, { ...actorOf(request), name: authOf(request).name }, request.body)),
  });
};
