import client from 'prom-client';
import { dbSpan } from './tracing.ts';

/**
 * The process's Prometheus metrics (one registry per process: counters add up over every app a
 * test builds, as they would over one process's life). Names follow Prometheus conventions.
 */
export const registry = client.register;
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new client.Counter({
  name: 'kassa_http_requests_total',
  help: 'HTTP requests answered, by route and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
});
export const httpDuration = new client.Histogram({
  name: 'kassa_http_request_duration_seconds',
  help: 'Time to answer an HTTP request',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: seconds,
});
export const dbQueryDuration = new client.Histogram({
  name: 'kassa_db_query_duration_seconds',
  help: 'Time of one SQL statement, by outcome',
  labelNames: ['engine', 'outcome'] as const,
  buckets: [0.001, ...seconds],
});
export const dbPool = new client.Gauge({
  name: 'kassa_db_pool_connections',
  help: 'PostgreSQL pool connections by pool (primary, generic, a replica) and state (total, idle, waiting clients, max)',
  labelNames: ['pool', 'state'] as const,
});
export const dbReads = new client.Counter({
  name: 'kassa_db_routed_reads_total',
  help: 'Reads allowed on a replica, by the pool that answered (primary or a replica) and why: replica, own_write (the user wrote moments ago), lagging, down, replica_failed (moved to the primary)',
  labelNames: ['pool', 'reason'] as const,
});
export const dbReplicaLag = new client.Gauge({
  name: 'kassa_db_replica_lag_seconds',
  help: "A replica's replication lag as it measures it (0: it has replayed all the primary had written; -1: unreachable)",
  labelNames: ['pool'] as const,
});
export const dbReplicaUsable = new client.Gauge({
  name: 'kassa_db_replica_usable',
  help: '1 when a replica takes reads (up, in recovery, lag within DATABASE_READ_MAX_LAG), else 0',
  labelNames: ['pool'] as const,
});
export const jobQueueDepth = new client.Gauge({
  name: 'kassa_job_queue_depth',
  help: 'Jobs queued (due now or later) and running, by queue',
  labelNames: ['queue', 'status'] as const,
});
export const jobOldestDueAge = new client.Gauge({
  name: 'kassa_job_oldest_due_age_seconds',
  help: 'How long the oldest due job of a queue has waited',
  labelNames: ['queue'] as const,
});
export const jobAttempts = new client.Counter({
  name: 'kassa_job_attempts_total',
  help: 'Job runs started, by queue',
  labelNames: ['queue'] as const,
});
export const jobFailures = new client.Counter({
  name: 'kassa_job_failures_total',
  help: 'Job runs that failed, by queue; final = no retry left',
  labelNames: ['queue', 'final'] as const,
});
export const jobReleases = new client.Counter({
  name: 'kassa_job_releases_total',
  help: 'Running jobs handed back at shutdown for another worker',
  labelNames: ['queue'] as const,
});
export const signInFailures = new client.Counter({
  name: 'kassa_sign_in_failures_total',
  help: 'Refused sign-ins, by reason',
  labelNames: ['reason'] as const,
});
export const webhookDeliveries = new client.Counter({
  name: 'kassa_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered (2xx), http_error (any other answer), no_answer (connect error or timeout), refused (address not allowed); manual = a resend or test',
  labelNames: ['outcome', 'manual'] as const,
});
export const webhookRetries = new client.Counter({
  name: 'kassa_webhook_retries_scheduled_total',
  help: 'Failed webhook attempts given another try on the retry schedule',
});
export const webhookGiveUps = new client.Counter({
  name: 'kassa_webhook_failed_total',
  help: 'Webhooks marked failed after their last scheduled attempt',
});
export const webhookDeliveryDuration = new client.Histogram({
  name: 'kassa_webhook_delivery_duration_seconds',
  help: "Time from sending a webhook to the end of the receiver's answer (0 for refused addresses), by outcome",
  labelNames: ['outcome'] as const,
  buckets: seconds,
});
export const accountLockouts = new client.Counter({
  name: 'kassa_account_lockouts_total',
  help: 'Accounts locked after too many wrong passwords',
});

/** Times one database statement (and traces it when tracing is on; `text` names the span). */
export const timeQuery = async <T>(engine: string, run: () => Promise<T>, text?: string): Promise<T> => {
  const end = dbQueryDuration.startTimer({ engine });
  try {
    const result = await dbSpan(engine, text, run);
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: 'error' });
    throw error;
  }
};

/** `2xx`, `4xx`, … */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
