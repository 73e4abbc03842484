import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers, no caching of personal data, and refusal of cross-site state changes. */
export const registerSecurity = async (app: FastifyInstance, config: Config) => {
  const production = config.nodeEnv === 'production';
  // Built once: @fastify/helmet built helmet's middleware again for every request, parsing the
  // policy each time (3 % of the API's CPU under the transactions list, docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the logo and background a merchant's checkout design names on the hosted checkout page.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  const publicOrigin = new URL(config.publicUrl).origin;
  /** The configured public URL; without one, the host the browser addressed (never X-Forwarded-Host). */
  const isOwnOrigin = (origin: string, host: string | undefined): boolean => {
    if (config.publicUrlConfigured) return origin === publicOrigin;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  };
  const refuse = () => new HttpError(403, 'foreign_origin', 'Requests from another site are refused');
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    reply.header('cache-control', 'no-store');
    if (SAFE_METHODS.has(request.method)) return;
    // An API key is sent by an integration, never by a browser on its own: there is no cross-site forgery to refuse.
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const origin = request.headers.origin;
    // `Origin: null` (sandboxed frames, data: pages, cross-site redirects) is never Kassa's own page.
    if (origin !== undefined) {
      if (!isOwnOrigin(origin, request.headers.host)) throw refuse();
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw refuse();
    }
  });
};
