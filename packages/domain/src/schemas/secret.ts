import { z } from 'zod';

/**
 * The one marker of a secret field (SECURITY.md "Audit": masked by schema, not by key name). The
 * API masks a marked field's value wherever it sits in a body (audit trail, logs, error answers),
 * and the OpenAPI document shows it as `x-secret: true` (strings also as `format: password`).
 */
export const SECRET_META_KEY = 'x-secret';

/** Marks a schema as secret: apply it last (`secret(z.string().max(100))`), its metadata follows clones. */
export const secret = <T extends z.ZodType>(schema: T): T =>
  schema.meta(
    schema._zod.def.type === 'string' ? { [SECRET_META_KEY]: true, format: 'password' } : { [SECRET_META_KEY]: true },
  ) as T;

/** True when this very schema (not a wrapper around it) carries the secret marker. */
export const isSecretSchema = (schema: z.core.$ZodType): boolean =>
  z.globalRegistry.get(schema)?.[SECRET_META_KEY] === true;
