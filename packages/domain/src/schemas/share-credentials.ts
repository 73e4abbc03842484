import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { secret } from './secret.ts';

/**
 * Share credentials (risk-config.md §2.1, §2.13): the provider asks a merchant for the credentials
 * of the merchant's own contract at a processor (an acquirer or wallet account); the merchant
 * fills them in on its "share requests" screen instead of mailing them. See docs/decisions.md.
 */
export const SHARE_STATUSES = ['requested', 'shared', 'revoked', 'cancelled'] as const;
export type TShareStatus = (typeof SHARE_STATUSES)[number];
export const SHARE_MAX_FIELDS = 20;

const optionalText = (max: number) =>
  z
    .union([z.literal(''), z.null(), z.string().trim().max(max)])
    .optional()
    .transform((value) => value || null);

const ZShareField = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: optionalText(300),
  })
  .strict();

/** The provider's request: which credentials, for which processor, and why. */
export const ZShareRequestCreate = z
  .object({
    organisation: z.string().trim().min(1).max(64),
    provider: z.string().trim().min(1).max(100),
    processor: optionalText(64),
    message: optionalText(2000),
    fields: z.array(ZShareField).min(1, 'Choose at least one field').max(SHARE_MAX_FIELDS),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.fields.forEach((field, index) => {
      const key = field.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'name'],
          ...coded('duplicate', 'Each credential name once'),
        });
      seen.add(key);
    });
  });
export type TShareRequestCreate = z.input<typeof ZShareRequestCreate>;

/** The merchant's answer: a value for every requested field, by name. */
export const ZShareRequestAnswer = z
  .object({ values: z.record(z.string().max(100), secret(z.string().max(4000))) })
  .strict();
export type TShareRequestAnswer = z.input<typeof ZShareRequestAnswer>;
