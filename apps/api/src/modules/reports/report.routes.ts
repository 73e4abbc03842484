import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, REPORT_COLUMNS, ZErrorBody, ZReportCreate, ZReportScheduleCreate } from '@kassa/domain';
import { actorOf } from '../../plugins/actor.ts';
import { authOf } from '../../plugins/auth-context.ts';
import { registerReadRoutes } from '../../query/routes.ts';
import { reportEntity, reportScheduleEntity } from './report.entity.ts';
import { createReport, createSchedule, deleteReport, deleteSchedule, downloadReport } from './report.service.ts';

const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** reports/transactions and reports/schedules: transaction reports written by a job, and schedules that mail them. */
export const reportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, {
    path: 'report',
    entity: reportEntity,
    roles: access.reports.list,
    exportFields: ['id', 'created_at', 'name', 'status', 'count'],
  });
  registerReadRoutes(app, {
    path: 'report-schedule',
    entity: reportScheduleEntity,
    roles: access.reports.schedules,
    exportFields: ['id', 'created_at', 'name', 'frequency', 'email'],
  });
  app.post('/v1/report', {
    config: { access: { roles: access.reports.manage } },
    schema: {
      tags: ['report'],
      description: `Queues a transaction report (PENDING, then PROCESSED when its job has written the CSV). filters: the transaction list's query keys; fields: columns out of ${REPORT_COLUMNS.join(', ')}.`,
      body: ZReportCreate,
      response: { 201: reportEntity.row, 400: ZErrorBody, 404: ZErrorBody },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createReport(app.db, { ...actorOf(request), name: authOf(request).name }, request.body)),
  });
  app.delete('/v1/report/:id', {
    config: { access: { roles: access.reports.manage } },
    schema: { tags: ['report'], description: 'Deletes a PROCESSED report (409 while PENDING).', params: ZIdParams },
    handler: async (request, reply) => {
      await deleteReport(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.get('/v1/report/:id/download', {
    config: { access: { roles: access.reports.list } },
    schema: {
      tags: ['report'],
      description: 'The CSV of a PROCESSED report, streamed (409 while PENDING).',
      params: ZIdParams,
    },
    handler: async (request, reply) => {
      const { name, stream } = await downloadReport(app.db, authOf(request).scope, request.params.id);
      const file = `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'report'}.csv`;
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${file}"`);
      return reply.send(stream);
    },
  });
  app.post('/v1/report-schedule', {
    config: { access: { roles: access.reports.schedulesManage } },
    schema: {
      tags: ['report_schedule'],
      description:
        'A schedule makes a report of the previous day, ISO week or month (Europe/Amsterdam) once per period and mails its download link to email.',
      body: ZReportScheduleCreate,
      response: { 201: reportScheduleEntity.row, 400: ZErrorBody, 404: ZErrorBody },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      return reply
        .status(201)
        .send(
          await createSchedule(app.db, { ...actorOf(request), name: auth.name, language: auth.language }, request.body),
        );
    },
  });
  app.delete('/v1/report-schedule/:id', {
    config: { access: { roles: access.reports.schedulesManage } },
    schema: { tags: ['report_schedule'], params: ZIdParams },
    handler: async (request, reply) => {
      await deleteSchedule(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
};
