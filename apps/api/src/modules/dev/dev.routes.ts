import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDevMail, ZListQuery, type TDevMail } from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import { listEntity } from '../../query/repository.ts';
import { mailEntity } from './mail.entity.ts';

/** The stored mailbox is open only where no real user's mail lives: development, tests, demo. */
export const isMailboxOpen = (config: { nodeEnv: string; demo: boolean }): boolean => config.nodeEnv !== 'production' || config.demo;

export const devRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/dev/mailbox', {
    config: { access: { public: true } },
    schema: {
      tags: ['dev'],
      description: 'Stored mails, newest first (development and demo mode only). Filters: to, status, template; _limit, _skip.',
      querystring: ZListQuery,
      response: { 200: z.array(ZDevMail) },
    },
    handler: async (request) => {
      // 404, not 403: in production the mailbox does not exist at all.
      if (!isMailboxOpen(app.config)) throw notFound('Route');
      const rows = await listEntity(app.db, mailEntity, { kind: 'all' }, request.query);
      return rows.map((row) => ({ ...row, created_at: (row.created_at as Date).toISOString() }) as TDevMail);
    },
  });
};
