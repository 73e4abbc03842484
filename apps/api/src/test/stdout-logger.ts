import Fastify from 'fastify';
import { fastifyLogOptions } from '../plugins/logging.ts';

/**
 * A process logging to stdout as the API does (logging.test.ts): one line at start, one after
 * 1.5 s, and one just before it exits. Each line carries the time it was logged.
 */
const app = Fastify(fastifyLogOptions({ nodeEnv: 'production', logLevel: 'info' }, true));
app.log.info({ at: Date.now() }, 'first');
setTimeout(() => app.log.info({ at: Date.now() }, 'second'), 1500);
setTimeout(() => {
  app.log.info({ at: Date.now() }, 'last');
  process.exit(0);
}, 1600);
