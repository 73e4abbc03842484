import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ResolvedTarget } from './address-guard.ts';

/** The path of the demo's webhook receiver; the last segment says how it answers. */
export const DEMO_RECEIVER_PATH = '/v1/demo/webhook-receiver/';
const ANSWERS = { ok: 200, error: 500, unavailable: 503 } as const;

/**
 * In demo mode, a webhook for the demo receiver goes to this server itself, whatever host its
 * stored URL names (a demo database started again on another port or address still delivers):
 * the one loopback target allowed without ALLOW_PRIVATE_WEBHOOKS, and only for this path.
 */
export const demoReceiverTarget = (config: Pick<Config, 'demo' | 'port'>, rawUrl: string): ResolvedTarget | null => {
  if (!config.demo) return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (!url.pathname.startsWith(DEMO_RECEIVER_PATH)) return null;
  return { url: new URL(`http://127.0.0.1:${config.port}${url.pathname}`), address: '127.0.0.1', family: 4 };
};

/**
 * `POST /v1/demo/webhook-receiver/{ok|error|unavailable}` (demo mode only): a merchant's receiver
 * for the demo world's webhooks, answering 200, 500 or 503, so the delivery history shows real
 * attempts that succeed and some that fail on purpose (and are retried on the real schedule).
 */
export const demoReceiverRoutes = async (fastify: FastifyInstance) => {
  if (!fastify.config.demo) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(`${DEMO_RECEIVER_PATH}:answer`, {
    config: { access: { public: true } },
    schema: {
      tags: ['dev'],
      description: 'Demo mode only: a webhook receiver answering 200 (ok), 500 (error) or 503 (unavailable).',
      params: z.object({ answer: z.enum(['ok', 'error', 'unavailable']) }),
    },
    handler: (request, reply) => {
      const status = ANSWERS[request.params.answer];
      return reply
        .status(status)
        .type('text/plain')
        .send(status === 200 ? 'Received by the demo receiver' : `The demo receiver answers ${status} on purpose`);
    },
  });
};
