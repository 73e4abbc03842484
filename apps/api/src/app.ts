import { existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { registerAuditTrail } from './plugins/audit-trail.ts';
import { applySecretKeys } from './lib/secret-key-file.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerAuth, SESSION_COOKIE } from './plugins/auth-context.ts';
import { currentVersion, type Db } from './plugins/db/index.ts';
import { registerReadRouting } from './plugins/read-routing.ts';
import { frameworkErrors, registerErrorHandling, validatorCompiler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { fastifyLogOptions, registerRequestLog, type LogTarget } from './plugins/logging.ts';
import { registerOperations } from './plugins/operations.ts';
import { registerSecurity } from './plugins/security.ts';
import { rowSerializerCompiler } from './query/row-serializer.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { welcomeMailRoutes } from './modules/users/welcome-mail.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { demoReceiverRoutes } from './modules/webhooks/demo-receiver.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { testModeRoutes } from './modules/test-mode/test-mode.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { recurringRoutes } from './modules/recurring/recurring.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { appConfigRoutes } from './modules/settings/app-config.routes.ts';
import { changeRequestRoutes } from './modules/changes/change-request.routes.ts';
import { riskRoutes } from './modules/risk/risk.routes.ts';
import { apiKeyRoutes } from './modules/developers/api-key.routes.ts';
import { organisationRoutes } from './modules/settings/organisation.routes.ts';
import { paymentConfigRoutes } from './modules/settings/payment-config.routes.ts';
import { checkoutDesignRoutes } from './modules/checkout/checkout-design.routes.ts';
import { hostedCheckoutRoutes } from './modules/checkout/hosted-checkout.routes.ts';
import { importRoutes } from './modules/imports/import.routes.ts';
import { bankAccountRoutes } from './modules/finance-settings/bank-account.routes.ts';
import { financeConfigRoutes } from './modules/finance/finance-config.routes.ts';
import { settlementRoutes } from './modules/finance/settlement.routes.ts';
import { terminalRoutes } from './modules/developers/terminal.routes.ts';
import { shareRequestRoutes } from './modules/share/share-request.routes.ts';
import { merchantConfigurationRoutes } from './modules/merchants/merchant-configuration.routes.ts';
import { dailyReportRoutes } from './modules/finance/daily-report.routes.ts';
import { periodReportRoutes } from './modules/finance/period-reports.routes.ts';
import { sapRoutes } from './modules/sap/sap.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhook.routes.ts';
import { merchantRoutes } from './modules/merchants/merchant.routes.ts';
import { statusUpdateRoutes } from './modules/admin/status-update.routes.ts';
import { settlementUpdateRoutes } from './modules/admin/settlement-update.routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.ts';
import { cacheRoutes, registerCacheGenerations } from './modules/admin/cache.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { CHANGE_REQUESTS_DOC } from './modules/changes/change-requests.doc.ts';
import { reportRoutes } from './modules/reports/report.routes.ts';

export type BuildOptions = { config: Config; db: Db; logger?: LogTarget };

/** The nearest `hops` proxies are trusted (Fastify's own meaning of a number, which its types omit). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app without listening, so tests drive it through `app.inject`. */
export const buildApp = async ({ config, db, logger = false }: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    ...fastifyLogOptions(config, logger),
    // Only configured proxies may name the client's address (rate limits, audit trail).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client has a minute to send its whole request (Node's own header limit is also a minute);
    // Fastify's default of 0 would let a slow sender hold a connection open for ever.
    requestTimeout: 60_000,
    frameworkErrors,
  });
  applySecretKeys(config);
  registerRequestLog(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  // Every answer is checked against its schema, except trusted entity lists in production (query/row-serializer.ts).
  app.setSerializerCompiler(rowSerializerCompiler(config.nodeEnv !== 'production'));
  registerErrorHandling(app);
  registerInputGuard(app);
  await registerOperations(app);
  await app.register(cookie);
  await registerSecurity(app, config);
  registerAuth(app);
  registerReadRouting(app, db);
  registerAuditTrail(app);
  registerCacheGenerations(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kassa API',
        version: '1',
        description:
          'Test mode: every payment-side row (transactions, refunds, chargebacks, customers, links, subscriptions, scheduled transactions, webhook deliveries, settlements, payouts, reports) is `live` or `test`. A request acts in one mode: an API key’s (`ksk_live_…` or `ksk_test_…`, chosen with `mode` when the key is made; keys made before test mode are live), or the signed-in person’s choice (`POST /v1/auth/mode`, answered in `GET /v1/auth/me` as `mode`). Every list, count, export, detail, statistic and report is filtered to the mode, a row of the other mode answers 404 like an unknown id, and every row a request makes is of its mode. Test payments go to the sandbox acquirer only (`GET /v1/test-cards`); live statistics, settlements and payouts never include test rows, and in test mode every statistic answers the test rows. Configuration is shared by both modes, except that a payment profile may name separate test URLs for its webhooks (`test_webhook_transaction_update`, `test_webhook_refund_update`, `test_webhook_chargeback_update`): test-mode webhooks go there when set.',
      },
      servers: [{ url: '/' }],
      tags: [{ name: 'changerequest', description: CHANGE_REQUESTS_DOC }],
      // Every /v1/ route takes either a signed-in browser's session cookie or an integration's API key.
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'Session of a person signed in through POST /v1/auth/login',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (Developers → API settings): Authorization: Bearer ksk_live_… (live data) or ksk_test_… (test data only)',
          },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas named with `.meta({ id })` (rows, the routing tree) become components/schemas.
    transformObject: jsonSchemaTransformObject,
  });

  app.get('/v1/health', {
    config: { access: { public: true } },
    schema: {
      tags: ['health'],
      response: {
        200: z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgresql']), migration: z.string() }),
      },
    },
    handler: async () => ({ status: 'ok' as const, engine: db.engine, migration: await currentVersion(db) }),
  });
  app.get('/v1/openapi.json', {
    config: { access: { public: true } },
    schema: { hide: true },
    handler: () => app.swagger(),
  });
  // Browsable documentation: its scripts and styles are files of our own origin, so Kassa's CSP stands unchanged.
  await registerApiDocs(app);

  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(profileRoutes);
  await app.register(usersRoutes);
  await app.register(welcomeMailRoutes);
  await app.register(devRoutes);
  await app.register(demoReceiverRoutes);
  await app.register(paymentsRoutes);
  await app.register(reviewRoutes);
  await app.register(statisticsRoutes);
  await app.register(testModeRoutes);
  await app.register(recurringRoutes);
  await app.register(settingsRoutes);
  await app.register(appConfigRoutes);
  await app.register(riskRoutes);
  await app.register(changeRequestRoutes);
  await app.register(apiKeyRoutes);
  await app.register(organisationRoutes);
  await app.register(paymentConfigRoutes);
  await app.register(checkoutDesignRoutes);
  await app.register(hostedCheckoutRoutes);
  await app.register(importRoutes);
  await app.register(bankAccountRoutes);
  await app.register(financeConfigRoutes);
  await app.register(settlementRoutes);
  await app.register(terminalRoutes);
  await app.register(shareRequestRoutes);
  await app.register(merchantConfigurationRoutes);
  await app.register(dailyReportRoutes);
  await app.register(periodReportRoutes);
  // Optional modules: their routes exist only when switched on (portal.md §1: the sap pages are unavailable otherwise).
  if (config.modules.includes('sap')) await app.register(sapRoutes);
  await app.register(webhookRoutes);
  await app.register(merchantRoutes);
  await app.register(statusUpdateRoutes);
  await app.register(settlementUpdateRoutes);
  await app.register(reconciliationRoutes);
  await app.register(cacheRoutes);
  await app.register(pushRoutes);
  await app.register(reportRoutes);

  if (existsSync(config.webDist)) {
    // Files are looked up on each request rather than globbed at start-up, so a rebuilt web
    // app is served without a restart; sendFile keeps paths inside the web root.
    await app.register(fastifyStatic, { root: config.webDist, serve: false, cacheControl: false });
    app.get('/*', { config: { access: { public: true } }, schema: { hide: true } }, (request, reply) => {
      const path = decodeURIComponent(request.url.split('?')[0]);
      const notFound = () =>
        reply.status(404).send({
          statusCode: 404,
          code: 'not_found',
          message: `No route ${request.method} ${path}`,
          requestId: request.id,
        });
      if (path.startsWith('/v1/')) return notFound();
      const file = join(config.webDist, path);
      if (path !== '/' && file.startsWith(config.webDist + sep) && existsSync(file) && statSync(file).isFile()) {
        // Bundles carry a content hash in their name and never change; everything else revalidates.
        reply.header(
          'cache-control',
          /-[\w-]{8}\.(js|css)$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        return reply.sendFile(path.slice(1));
      }
      if (path.startsWith('/assets/')) return notFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
};
