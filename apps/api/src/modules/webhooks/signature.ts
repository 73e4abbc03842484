import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and base64 of 24 random bytes. */
export const newSigningSecret = (): string => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the secret's key bytes. */
export const signatureOf = (secret: string, id: string, timestamp: number, body: string): string => {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
};

/**
 * The three Standard Webhooks headers. During a rotation's overlap every live secret signs, space
 * separated, so a receiver holding either the old or the new secret accepts the message.
 */
export const signedHeaders = (
  secrets: string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' '),
});
