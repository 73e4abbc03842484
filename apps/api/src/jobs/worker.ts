import type { Config } from '../config.ts';
import type { Db } from '../plugins/db/index.ts';
import { consoleJobLog } from './handlers.ts';
import { registerAllJobHandlers } from './register-handlers.ts';
import { createRunner, type RunnerOptions } from './runner.ts';

/**
 * Starts the job worker: registers every handler and polls until `stop()`, which waits for the
 * jobs in flight. Runs inside the api process by default, or alone via `npm run worker`; any
 * number of workers may share one PostgreSQL database.
 */
export const startWorker = (db: Db, config: Config, options: RunnerOptions = {}) => {
  registerAllJobHandlers();
  const runner = createRunner(db, config, {
    concurrency: config.workerConcurrency,
    log: config.nodeEnv === 'test' ? undefined : consoleJobLog('[worker]'),
    ...options,
  });
  runner.start();
  return { workerId: runner.workerId, stop: () => runner.stop() };
};
