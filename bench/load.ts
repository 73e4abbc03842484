import { loadavg } from 'node:os';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  loadAverage: string;
};

export const median = (values: number[]): number => percentile(values, 50);

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
};

/**
 * Loads a scenario over HTTP on loopback with autocannon. The paths are requested in turn on
 * each connection (a screen's list call and its count call); latencies are per HTTP request.
 */
export const load = (options: {
  url: string;
  paths: string[];
  cookie: string;
  connections: number;
  seconds: number;
  /** Also collects every response's time (ms) here: several loads pooled into one percentile. */
  collect?: number[];
  /** Requests per second over all connections (users at work); unset, each connection sends its next request as soon as it has its answer. */
  rate?: number;
}): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        ...(options.rate ? { overallRate: options.rate } : {}),
        headers: { cookie: options.cookie },
        requests: options.paths.map((path) => ({ method: 'GET', path })),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.total / options.seconds,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: result.errors,
          non2xx: result.non2xx,
          // The machine's 1-minute load average as the load ends: a figure from a busy machine says so.
          loadAverage: loadavg()[0].toFixed(2),
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      options.collect?.push(responseTime);
    });
  });

/**
 * `load` in a process of its own: for a bench whose own process does the work measured beside
 * the load (an import parsing a file), so that neither the load's clock nor its memory is mixed
 * with that work's.
 */
export const loadApart = (options: Parameters<typeof load>[0]): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const { collect, ...data } = options;
    const child = fork(new URL('./load-worker.mjs', import.meta.url), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message: { result: LoadResult; latencies: number[] }) => {
      for (const latency of message.latencies) collect?.push(latency);
      resolve(message.result);
    });
    child.once('error', reject);
    child.send(data);
  });

/**
 * Autocannon's request of a card payment through the API, numbered from 0: its own idempotency
 * key and merchant reference (`<prefix>-<i>`), amounts around 45.00 spread like the demo traffic.
 */
export const cardPaymentRequest = (profile: string, prefix: string, cards: readonly string[]) => {
  let n = 0;
  return {
    method: 'POST',
    path: '/v1/transaction',
    setupRequest: <R extends { headers?: Record<string, string> }>(request: R): R & { body: string } => {
      const i = n++;
      return {
        ...request,
        headers: { ...request.headers, 'idempotency-key': `${prefix.toLowerCase()}-${i}` },
        body: JSON.stringify({
          payment_profile: profile,
          amount: 500 + ((i * 7919) % 20000),
          payment_product_type: 'card',
          merchant_reference: `${prefix}-${i}`,
          card_number: cards[i % cards.length],
        }),
      };
    },
  };
};
