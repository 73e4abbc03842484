import { registerJobHandler } from '../jobs/handlers.ts';

/**
 * The real worker (`npm run worker`) with one extra queue whose jobs take `payload.ms`: the
 * shutdown test needs jobs that are running when SIGTERM arrives.
 */
registerJobHandler('test.slow', async (payload) => {
  await new Promise((resolve) => setTimeout(resolve, Number(payload.ms)));
});
await import('../worker.ts');
