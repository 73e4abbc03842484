import type { FastifyInstance } from 'fastify';
import { registerMetrics } from './metrics.ts';
import { registerReadiness } from './readiness.ts';
import { registerRequestId } from './request-id.ts';
import { registerShutdownState } from './shutdown.ts';
import { registerTracing } from './tracing.ts';
import { registerWriteOutage } from './write-outage.ts';

/** What an operator needs from every process: request ids, traces, readiness (also for a database that cannot write), metrics, graceful shutdown. */
export const registerOperations = async (app: FastifyInstance) => {
  registerRequestId(app);
  await registerTracing(app);
  registerShutdownState(app);
  registerWriteOutage(app);
  registerMetrics(app, app.config);
  registerReadiness(app);
};
