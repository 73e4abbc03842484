import Fastify from 'fastify';
import { fastifyLogOptions } from '../plugins/logging.ts';

/**
 * A process logging to stdout as the API does (logging.test.ts): one line at start, then 400 ms
 * of synchronous work (no timer can write meanwhile, so a line written at once arrives before it
 * ends and a batched one after it, wherever the once-a-second write falls), one line 1.5 s later,
 * and one just before it exits. Each line carries the time it was logged.
 */
const app = Fastify(fastifyLogOptions({ nodeEnv: 'production', logLevel: 'info' }, true));
app.log.info({ at: Date.now() }, 'first');
const busyUntil = Date.now() + 400;
while (Date.now() < busyUntil);
setTimeout(() => app.log.info({ at: Date.now() }, 'second'), 1500);
setTimeout(() => {
  app.log.info({ at: Date.now() }, 'last');
  process.exit(0);
}, 1600);
