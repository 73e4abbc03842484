import { join, resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate runs this way). */
  databaseSchema?: string;
  /** Streaming replicas for reads that may be seconds old (DATABASE_READ_URL, comma-separated). */
  databaseReadUrls: string[];
  /** Replication lag in seconds above which a replica is skipped (DATABASE_READ_MAX_LAG, default 5). */
  databaseReadMaxLag: number;
  /** DATABASE_URL is a connection pooler (DATABASE_POOLER=session|transaction; see docs/operations.md). */
  databasePooler?: 'session' | 'transaction';
  /** Days the audit trail is kept before it is archived and removed (RETENTION_AUDIT_DAYS, default 395 = 13 months; 0 = for ever). */
  retentionAuditDays: number;
  /** Days a webhook's delivery attempts are kept (0: for ever). */
  retentionWebhookDays: number;
  /** Days a failed job is kept for investigation; a finished one at most 7 (0: failed jobs kept for ever). */
  retentionJobDays: number;
  /** Where retention writes its gzip CSV archives (RETENTION_ARCHIVE_DIR, default DATA_DIR/archive). */
  retentionArchiveDir: string;
  /** Where LISTEN connects (DATABASE_LISTEN_URL; default DATABASE_URL; needed behind a transaction-mode pooler). */
  databaseListenUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** Idle session expiry in seconds (spec: 30 minutes, 10 hours in development). */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /**
   * Demo mode: create the demo world (accounts with a published password) on an empty database
   * and keep mail in the stored mailbox. On by default only on the embedded engine, never by
   * default where DATABASE_URL points at a server that real users may share.
   */
  demo: boolean;
  demoSeed: number;
  demoScale: number;
  /** Demo mode only: a live trickle of payments through the payments engine (DEMO_TRAFFIC=false turns it off). */
  demoTraffic: boolean;
  /** Run the job worker inside the api process. */
  inProcessWorker: boolean;
  /** Jobs one worker process runs side by side. */
  workerConcurrency: number;
  smtpUrl?: string;
  mailFrom: string;
  /** The address people reach Kassa at: links in mails, and the one Origin state changes may come from. */
  publicUrl: string;
  /** PUBLIC_URL was set; otherwise the Origin check compares with the request's own Host. */
  publicUrlConfigured: boolean;
  /**
   * Proxies whose X-Forwarded-For (client address) and X-Forwarded-Proto Kassa believes: none
   * (false, the default), a hop count, or their addresses/CIDR ranges (as Fastify's trustProxy).
   */
  trustProxy: false | number | string[];
  webDist: string;
  /** Optional modules switched on (`sap`, `host2host`). */
  modules: string[];
  /** Branding shown on the sign-in page. */
  appTitle: string;
  logoUrl: string;
  /** Allow webhook targets on loopback and private ranges (local testing only). */
  allowPrivateWebhooks: boolean;
  /** Multiplies the webhook retry delays (WEBHOOK_RETRY_SCALE; browser tests shrink the 3-day schedule to seconds). */
  webhookRetryScale: number;
  /** How long a webhook receiver may take to answer (WEBHOOK_TIMEOUT_MS, default 10 s). */
  webhookTimeoutMs: number;
  /** Deliveries in flight to one receiving origin that answers promptly, across all workers (WEBHOOK_ENDPOINT_CONCURRENCY). */
  webhookEndpointConcurrency: number;
  /** Web Push VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url); unset: one made once and kept in the database. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** Contact the push services may use (VAPID_SUBJECT, a mailto: or https: URL). */
  vapidSubject: string;
  /** Key that encrypts secrets at rest (KASSA_SECRET_KEY); unset means the data directory's key file. */
  secretKey?: string;
  /** Older keys still accepted for reading while a rotation is rolled out (KASSA_SECRET_KEY_PREVIOUS, comma-separated). */
  previousSecretKeys: string[];
  /** Pino level (`info`, `warn`, `debug`, …); unset: info in production, warn otherwise. */
  logLevel?: string;
  /** Bearer token that opens `/metrics`; unset: `/metrics` answers 404 on the main port. */
  metricsToken?: string;
  /** Serve `/metrics` (without token) on this separate port, e.g. one only the monitoring network reaches. */
  metricsPort?: number;
  /** How long SIGTERM waits for in-flight requests and running jobs before closing them. */
  shutdownTimeoutSeconds: number;
  /** OTLP/HTTP collector base URL (OTEL_EXPORTER_OTLP_ENDPOINT); unset: tracing is off, no SDK loaded. */
  otlpEndpoint?: string;
  /** `service.name` of the spans (OTEL_SERVICE_NAME). */
  otelServiceName: string;
};

const TEST_SECRET_KEY = '7465737420736563726574206b6579206f66206b617373612c206e6f74207573';

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

/** TRUST_PROXY: unset or `false` trusts no proxy; `2` trusts two hops; `10.0.0.1,10.1.0.0/16` those addresses. */
export const parseTrustProxy = (raw: string | undefined): Config['trustProxy'] => {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  // `true` would let every client choose its own address (rate limits, audit trail): refused.
  if (value === 'true')
    throw new Error('TRUST_PROXY=true would trust any client; give the number of proxy hops or their addresses');
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
};

/** DATABASE_POOLER: unset (direct connections), `session` or `transaction` (PgBouncer's pool modes). */
export const parsePooler = (raw: string | undefined): Config['databasePooler'] => {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'none') return undefined;
  if (value === 'session' || value === 'transaction') return value;
  throw new Error(`DATABASE_POOLER=${value}: give session or transaction (or leave it unset)`);
};

/** Configuration from the environment with sensible defaults. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  const nodeEnv = (
    ['development', 'production', 'test'].includes(env.NODE_ENV ?? '') ? env.NODE_ENV : 'development'
  ) as Config['nodeEnv'];
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databaseReadUrls: (env.DATABASE_READ_URL ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    databaseReadMaxLag: Math.max(0, int(env.DATABASE_READ_MAX_LAG, 5)),
    databasePooler: parsePooler(env.DATABASE_POOLER),
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    retentionAuditDays: Math.max(0, int(env.RETENTION_AUDIT_DAYS, 395)),
    retentionWebhookDays: Math.max(0, int(env.RETENTION_WEBHOOK_DAYS, 90)),
    retentionJobDays: Math.max(0, int(env.RETENTION_JOB_DAYS, 30)),
    retentionArchiveDir: resolve(env.RETENTION_ARCHIVE_DIR ?? join(env.DATA_DIR ?? './data', 'archive')),
    dataDir: resolve(env.DATA_DIR ?? './data'),
    sessionIdleSeconds: int(env.SESSION_IDLE_SECONDS, nodeEnv === 'development' ? 10 * 3600 : 30 * 60),
    sessionAbsoluteSeconds: int(env.SESSION_ABSOLUTE_SECONDS, 12 * 3600),
    demo: env.DEMO === undefined || env.DEMO === '' ? !env.DATABASE_URL : env.DEMO === 'true',
    demoSeed: int(env.DEMO_SEED, 2026),
    // 50,000 transactions: the demo world is generated in about 12 s on PGlite, so a cold start stays well under a minute.
    demoScale: int(env.DEMO_SCALE, 50_000),
    demoTraffic: env.DEMO_TRAFFIC !== 'false',
    inProcessWorker: env.WORKER !== 'false',
    workerConcurrency: int(env.WORKER_CONCURRENCY, 4),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Kassa <no-reply@kassa.test>',
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    appTitle: env.APP_TITLE ?? 'Kassa',
    logoUrl: env.LOGO_URL ?? '/assets/logo.svg',
    modules: (env.MODULES ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS === 'true' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:support@kassa.test',
    webhookRetryScale: Number(env.WEBHOOK_RETRY_SCALE) > 0 ? Number(env.WEBHOOK_RETRY_SCALE) : 1,
    webhookTimeoutMs: Math.max(1, int(env.WEBHOOK_TIMEOUT_MS, 10_000)),
    webhookEndpointConcurrency: Math.max(1, int(env.WEBHOOK_ENDPOINT_CONCURRENCY, 16)),
    // Tests run with a fixed key so that no test writes a key file; every other mode has a real one.
    secretKey: env.KASSA_SECRET_KEY || (nodeEnv === 'test' ? TEST_SECRET_KEY : undefined),
    previousSecretKeys: (env.KASSA_SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0) || undefined : undefined,
    shutdownTimeoutSeconds: int(env.SHUTDOWN_TIMEOUT_SECONDS, 25),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    otelServiceName: env.OTEL_SERVICE_NAME || 'kassa',
    ...overrides,
  };
};
