import { maskSecretsBySchema } from './secret-schema.ts';

/**
 * Keys whose values never enter the audit trail (SECURITY.md "Audit": passwords, tokens, secrets,
 * card numbers), a second lock beside the schemas' `secret()` markers. Not a bare `code`: an error's
 * code and an acquirer's response code (`decision.acquirer.code`) are what a reader of the trail
 * looks for, and every one-time code a body carries is marked secret by its schema (the MFA and
 * 3-D Secure codes; plugins/secret-fields.test.ts fails when a marker is removed).
 */
const SECRET_KEY =
  /pass(word)?|secret|token|authori[sz]ation|cookie|api[-_]?key|^key$|otp|qr_?code|cvc|cvv|card_?number|checkout_url|^pan$|^number$|totp|recovery/i;
/** Kassa's own credentials (API keys, webhook signing secrets) are recognisable by their prefix wherever they appear. */
const KASSA_CREDENTIAL = /\b(?:ksk|whsec)_[A-Za-z0-9_\-+/=]{8,}/g;
const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;
export const MASK = '********';

/** A card number keeps at most its first 6 and last 4 digits (PCI DSS). */
export const maskCardNumbers = (text: string) =>
  text.replace(CARD_NUMBER, (match) => {
    const digits = match.replace(/\D/g, '');
    return digits.length >= 13 ? `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}` : match;
  });

/** A copy of a request or response body with secrets and card numbers masked, at any depth. */
export const maskValue = (value: unknown, key = ''): unknown => {
  if (key && SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') return MASK;
  if (typeof value === 'string') return maskCardNumbers(value).replace(KASSA_CREDENTIAL, MASK);
  if (Array.isArray(value)) return value.map((item) => maskValue(item));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, k)]));
  return value;
};

/** Headers as the trail keeps them: name and value pairs, credentials masked. */
export const maskHeaders = (headers: Record<string, unknown>): { name: string; value: string }[] =>
  Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({
      name,
      value: SECRET_KEY.test(name) ? MASK : maskCardNumbers(Array.isArray(value) ? value.join(', ') : String(value)),
    }));

const MAX_BODY = 64 * 1024;

/**
 * A body for the trail: the fields its route's schema marks secret masked wherever they sit
 * (packages/domain `secret()`: the rule), then secret-looking key names and card numbers (a second
 * lock for what no schema declares). Parsed JSON is masked field by field and cut at 64 KiB only
 * after masking; other text is masked as text.
 */
export const maskBody = (body: unknown, schema?: unknown): unknown => {
  if (body === undefined || body === null || body === '') return null;
  // A file's bytes (dispute evidence): its size, never its content.
  if (Buffer.isBuffer(body)) return { bytes: body.length };
  if (typeof body === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      const text = body.length > MAX_BODY ? `${body.slice(0, MAX_BODY)}…` : body;
      // Form posts: mask each secret field of key=value pairs.
      return maskCardNumbers(text).replace(/(^|&)([^=&]+)=([^&]*)/g, (all, sep: string, k: string) =>
        SECRET_KEY.test(decodeURIComponent(k)) ? `${sep}${k}=${MASK}` : all,
      );
    }
    const masked = maskValue(maskSecretsBySchema(schema, parsed, MASK));
    if (body.length <= MAX_BODY) return masked;
    const text = JSON.stringify(masked);
    return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}…` : masked;
  }
  if (Buffer.isBuffer(body)) return null;
  return maskValue(maskSecretsBySchema(schema, body, MASK));
};
