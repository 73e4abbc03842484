import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, ZListQuery } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { listEntity } from '../../query/repository.ts';
import { mailEntity } from './mail.entity.ts';

/**
 * The stored mailbox exists only where no real user's mail lives: development, tests and demo
 * mode, and only while mail is kept rather than sent (no SMTP_URL).
 */
export const isMailboxOpen = (config: Pick<Config, 'nodeEnv' | 'demo' | 'smtpUrl'>): boolean =>
  (config.nodeEnv !== 'production' || config.demo) && !config.smtpUrl;

export const devRoutes = async (fastify: FastifyInstance) => {
  // Elsewhere the route is not registered at all: 404 as if it did not exist.
  if (!isMailboxOpen(fastify.config)) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/dev/mailbox', {
    // Reset links, welcome links and sign-in codes of every user: only a provider super user.
    config: { access: { roles: access.mailbox } },
    schema: {
      tags: ['dev'],
      description:
        'Stored mails, newest first (development and demo mode only, PSP_SUPER). Filters: to, status, template; _limit, _skip.',
      querystring: ZListQuery,
      response: { 200: z.array(mailEntity.row) },
    },
    handler: (request) => listEntity(app.db, mailEntity, { kind: 'all' }, request.query),
  });
};
