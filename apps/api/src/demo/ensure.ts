import type { Config } from '../config.ts';
import type { Db } from '../plugins/db/index.ts';

/** Creates the demo world on an empty database (filled in by the demo generator). */
export const ensureDemoWorld = async (_db: Db, _config: Config): Promise<void> => {};
