import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './address-guard.ts';

/** Only a 2xx within this time counts as delivered (issue 13); webhooks take WEBHOOK_TIMEOUT_MS. */
export const SEND_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the history keeps. */
export const CONTENT_CAP = 4096;

export type SendResult = {
  statusCode: number | null;
  durationMs: number;
  content: string;
  /** No (complete) answer within the time limit: the receiver kept the worker waiting. */
  timedOut?: boolean;
};

const readCapped = (response: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (size < CONTENT_CAP) chunks.push(chunk);
      size += chunk.length;
    });
    response.on('end', () => resolve(Buffer.concat(chunks).subarray(0, CONTENT_CAP).toString('utf8')));
    response.on('error', reject);
  });

/**
 * POSTs the body to the checked address (the socket goes to `target.address`, TLS still checks the
 * host name). Redirects are answers like any other: a 3xx is recorded and not followed.
 */
export const sendWebhook = (
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string | Buffer,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> => {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const limit = `${timeoutMs / 1000} s`;
    const finish = (statusCode: number | null, content: string, timedOut = false) =>
      resolve({
        statusCode,
        durationMs: Math.round(performance.now() - started),
        content: content.slice(0, CONTENT_CAP),
        ...(timedOut ? { timedOut } : {}),
      });
    const req = send(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Kassa-Webhooks/1',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        // An answer cut off by the time limit is not a success, whatever its status line said.
        readCapped(response).then(
          (content) => finish(response.statusCode ?? null, content),
          () => finish(null, `No complete answer within ${limit}`, true),
        );
      },
    );
    req.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      if (timedOut) finish(null, `No answer within ${limit}`, true);
      else finish(null, `Could not connect: ${error.message}`);
    });
    req.end(body);
  });
};
