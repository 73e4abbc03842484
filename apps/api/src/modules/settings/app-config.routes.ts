import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAppConfig } from '@kassa/domain';

/** What the browser needs before sign-in: branding, optional modules, the mode it runs in, and the idle limit. */
export const appConfigRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/v1/app-config', {
    config: { access: { public: true } },
    schema: { tags: ['settings'], response: { 200: ZAppConfig } },
    handler: async () => ({
      title: app.config.appTitle,
      logo_url: app.config.logoUrl,
      modules: app.config.modules.filter((m): m is 'sap' | 'host2host' => m === 'sap' || m === 'host2host'),
      development: app.config.nodeEnv !== 'production',
      demo: app.config.demo,
      session_idle_seconds: app.config.sessionIdleSeconds,
    }),
  });
};
