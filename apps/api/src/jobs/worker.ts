import type { Config } from '../config.ts';
import type { Db } from '../plugins/db/index.ts';
import { applySecretKeys } from '../lib/secret-key-file.ts';
import { createLogger } from '../plugins/logging.ts';
import type { JobLog } from './handlers.ts';
import { registerAllJobHandlers } from './register-handlers.ts';
import { createRunner, type RunnerOptions } from './runner.ts';

/**
 * Starts the job worker: registers every handler and polls until `stop()`, which waits for the
 * jobs in flight. Runs inside the api process by default, or alone via `npm run worker`; any
 * number of workers may share one PostgreSQL database.
 */
/** The worker's lines as JSON, masked like the API's (job payloads may name an e-mail address or a token). */
const jsonJobLog = (config: Config): JobLog => {
  const logger = createLogger(config, 'worker');
  return {
    info: (message, extra) => logger.info(extra ?? {}, message),
    warn: (message, extra) => logger.warn(extra ?? {}, message),
    error: (message, extra) => logger.error(extra ?? {}, message),
  };
};

export const startWorker = (db: Db, config: Config, options: RunnerOptions = {}) => {
  applySecretKeys(config);
  registerAllJobHandlers();
  const runner = createRunner(db, config, {
    concurrency: config.workerConcurrency,
    log: config.nodeEnv === 'test' ? undefined : jsonJobLog(config),
    ...options,
  });
  runner.start();
  return { workerId: runner.workerId, stop: (deadlineMs?: number) => runner.stop(deadlineMs) };
};
