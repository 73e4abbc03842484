import { resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate runs this way). */
  databaseSchema?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** Idle session expiry in seconds (spec: 30 minutes, 10 hours in development). */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Create the demo world on an empty database. */
  demo: boolean;
  demoSeed: number;
  demoScale: number;
  /** Run the job worker inside the api process. */
  inProcessWorker: boolean;
  /** Jobs one worker process runs side by side. */
  workerConcurrency: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  webDist: string;
  /** Optional modules switched on (`sap`, `host2host`). */
  modules: string[];
  /** Branding shown on the sign-in page. */
  appTitle: string;
  logoUrl: string;
  /** Allow webhook targets on loopback and private ranges (local testing only). */
  allowPrivateWebhooks: boolean;
};

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

/** Configuration from the environment with sensible defaults. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  const nodeEnv = (['development', 'production', 'test'].includes(env.NODE_ENV ?? '') ? env.NODE_ENV : 'development') as Config['nodeEnv'];
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    sessionIdleSeconds: int(env.SESSION_IDLE_SECONDS, nodeEnv === 'development' ? 10 * 3600 : 30 * 60),
    sessionAbsoluteSeconds: int(env.SESSION_ABSOLUTE_SECONDS, 12 * 3600),
    demo: env.DEMO !== 'false',
    demoSeed: int(env.DEMO_SEED, 2026),
    // 50,000 transactions: the demo world is generated in about 12 s on PGlite, so a cold start stays well under a minute.
    demoScale: int(env.DEMO_SCALE, 50_000),
    inProcessWorker: env.WORKER !== 'false',
    workerConcurrency: int(env.WORKER_CONCURRENCY, 4),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Kassa <no-reply@kassa.test>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    appTitle: env.APP_TITLE ?? 'Kassa',
    logoUrl: env.LOGO_URL ?? '/assets/logo.svg',
    modules: (env.MODULES ?? '').split(',').map((m) => m.trim()).filter(Boolean),
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS === 'true',
    ...overrides,
  };
};
