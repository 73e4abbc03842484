import type { Config } from '../config.ts';
import type { Db } from '../plugins/db/index.ts';

/** Starts the job worker (filled in by the jobs mechanism). */
export const startWorker = (_db: Db, _config: Config) => ({ stop: async () => {} });
