import { existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { registerAuth } from './plugins/auth-context.ts';
import { currentVersion, type Db } from './plugins/db/index.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { welcomeMailRoutes } from './modules/users/welcome-mail.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { recurringRoutes } from './modules/recurring/recurring.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { appConfigRoutes } from './modules/settings/app-config.routes.ts';

export type BuildOptions = { config: Config; db: Db; logger?: boolean };

/** Builds the whole app without listening, so tests drive it through `app.inject`. */
export const buildApp = async ({ config, db, logger = false }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ? { level: config.nodeEnv === 'production' ? 'info' : 'warn' } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurity(app, config);
  registerAuth(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Kassa API', version: '1' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });

  app.get('/v1/health', {
    config: { access: { public: true } },
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgresql']), migration: z.string() }) } },
    handler: async () => ({ status: 'ok' as const, engine: db.engine, migration: await currentVersion(db) }),
  });
  app.get('/v1/openapi.json', { config: { access: { public: true } }, schema: { hide: true }, handler: () => app.swagger() });

  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(profileRoutes);
  await app.register(usersRoutes);
  await app.register(welcomeMailRoutes);
  await app.register(devRoutes);
  await app.register(paymentsRoutes);
  await app.register(recurringRoutes);
  await app.register(settingsRoutes);
  await app.register(appConfigRoutes);

  if (existsSync(config.webDist)) {
    // Files are looked up on each request rather than globbed at start-up, so a rebuilt web
    // app is served without a restart; sendFile keeps paths inside the web root.
    await app.register(fastifyStatic, { root: config.webDist, serve: false, cacheControl: false });
    app.get('/*', { config: { access: { public: true } }, schema: { hide: true } }, (request, reply) => {
      const path = decodeURIComponent(request.url.split('?')[0]);
      const notFound = () => reply.status(404).send({ statusCode: 404, code: 'not_found', message: `No route ${request.method} ${path}` });
      if (path.startsWith('/v1/')) return notFound();
      const file = join(config.webDist, path);
      if (path !== '/' && file.startsWith(config.webDist + sep) && existsSync(file) && statSync(file).isFile()) {
        // Bundles carry a content hash in their name and never change; everything else revalidates.
        reply.header('cache-control', /-[\w-]{8}\.(js|css)$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.sendFile(path.slice(1));
      }
      if (path.startsWith('/assets/')) return notFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
};
