import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';
import { MASK, maskCardNumbers } from './audit-mask.ts';

/** Where logs go: stdout by default, or a stream (tests capture one). */
export type LogTarget = boolean | { stream: DestinationStream; level?: string };

/** Keys whose values never reach a log line, at any depth (SECURITY.md: passwords, codes, tokens, secrets, cards). */
const SECRET_KEY =
  /pass(word)?|secret|token|authori[sz]ation|cookie|api[-_]?key|otp|totp|cvc|cvv|card_?number|^pan$|recovery|^mfa_?code$|session_?id/i;

/**
 * Hosted pages are reached with their token in the path (`/v1/checkout/{token}`, `/v1/pay/{token}`,
 * `/v1/add-card/{token}` and the browser's `/checkout/…`, `/pay/…`, `/add-card/…`, `/subscribe/…`): whoever has the
 * token can pay or add a card, so it is masked like a secret query value.
 */
const TOKEN_PATH = /^(\/(?:v1\/)?(?:checkout|pay|add-card|subscribe)\/)([^/?#]+)/i;

/** A path with the token of a hosted page masked. */
export const maskPathTokens = (path: string): string => path.replace(TOKEN_PATH, `$1${MASK}`);

/** A URL for the log: hosted-page tokens and query values of secret-looking keys masked, card numbers cut. */
export const maskUrl = (url: string): string => {
  const [fullPath, query] = url.split(/\?(.*)/s, 2);
  const path = maskPathTokens(fullPath);
  const maskedQuery = query?.replace(/(^|&)([^=&]+)=([^&]*)/g, (all, sep: string, key: string, value: string) => {
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {
      /* a malformed escape is logged as sent */
    }
    if (SECRET_KEY.test(name)) return `${sep}${key}=${MASK}`;
    // A card number may arrive percent-encoded (`4111%201111…`): read it decoded, keep it encoded.
    let decoded = value;
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return all;
    }
    const masked = maskCardNumbers(decoded);
    return masked === decoded ? all : `${sep}${key}=${encodeURIComponent(masked)}`;
  });
  return maskCardNumbers(maskedQuery === undefined ? path : `${path}?${maskedQuery}`);
};

/** Plain data for a log line with secrets masked at any depth; Errors and other objects keep their shape. */
export const maskLogValue = (value: unknown, key = '', depth = 0): unknown => {
  if (key && SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') return MASK;
  if (typeof value === 'string') return maskCardNumbers(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskLogValue(item, '', depth + 1));
  if (value instanceof Error) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskLogValue(v, k, depth + 1)]));
};

const maskError = (error: unknown) => {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  return maskLogValue(serialized);
};

/** Pino's options for every Kassa process: JSON lines, secrets and card numbers masked. */
export const logOptions = (config: Pick<Config, 'nodeEnv' | 'logLevel'>, level?: string): LoggerOptions => ({
  level: level ?? config.logLevel ?? (config.nodeEnv === 'production' ? 'info' : 'warn'),
  // Headers that carry credentials; the serializers below never copy them, this is the second lock.
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'headers.authorization',
      'headers.cookie',
    ],
    censor: MASK,
  },
  serializers: {
    req: (request: IncomingMessage & { method?: string; url?: string; ip?: string; hostname?: string }) => ({
      method: request.method,
      url: maskUrl(request.url ?? ''),
      host: request.hostname,
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
    }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    err: maskError,
    error: maskError,
  },
  formatters: {
    // Everything else a line carries (job payloads, extra fields) is masked key by key.
    log: (object) =>
      Object.fromEntries(
        Object.entries(object).map(([k, v]) => [
          k,
          k === 'req' || k === 'res' || k === 'err' || k === 'error' ? v : maskLogValue(v, k),
        ]),
      ),
  },
  hooks: {
    // Messages are free text: a card number typed into a URL must not survive in "Route … not found".
    logMethod(args, method) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? maskCardNumbers(arg) : arg)) as Parameters<typeof method>,
      );
    },
  },
});

const REQUEST_ID = /^[\w.:@+=/-]{1,128}$/;

/** The request id: the caller's `X-Request-Id` when well-formed (a proxy's or a client's), else a new UUID. */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
};

/**
 * Stdout for the API's log: lines gathered into writes of at least 4 KB, written at least every
 * second, and at exit (pino's exit hook). Pino's default wrote each line on its own through libuv's
 * thread pool, a hand-off and an event-loop wake-up per request. The batches are written
 * synchronously: an asynchronous batch still in flight when the process exits arrived after the
 * exit's own lines, or not at all (logging.test.ts saw `first, last, second` on a busy machine).
 * A process killed outright loses at most its last second of lines.
 */
const bufferedStdout = (): DestinationStream => {
  const stream = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  setInterval(() => stream.flush(), 1000).unref();
  // Pino's exit hook ends only asynchronous destinations: the last batch is written here.
  process.once('exit', () => stream.flushSync());
  return stream;
};

/** Fastify's logger and request-id options. */
export const fastifyLogOptions = (config: Pick<Config, 'nodeEnv' | 'logLevel'>, target: LogTarget = false) => ({
  logger:
    target === false
      ? false
      : target === true
        ? { ...logOptions(config), stream: bufferedStdout() }
        : { ...logOptions(config, target.level), stream: target.stream },
  genReqId: requestIdOf,
  // registerRequestLog writes the request's lines instead of Fastify's own.
  logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
});

/**
 * The request's log lines: one when it ends, with the method, the masked URL, the status and the
 * time it took (what an access log holds), and the line at its start at debug level only.
 * Fastify's own pair at info level, each line masked and written on its own, was 6 % of the
 * API's CPU under the bench's list requests (docs/performance.md).
 */
export const registerRequestLog = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
};

/** A JSON logger for code outside a request (the worker, start-up). */
export const createLogger = (config: Pick<Config, 'nodeEnv' | 'logLevel'>, name: string): Logger =>
  pino({ ...logOptions(config), level: config.logLevel ?? 'info', name });
