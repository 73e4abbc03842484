import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { statusVocabularies } from '../statuses.ts';
import { secret } from './secret.ts';

/** Webhook types (portal.md §4); `subscription` carries plan notifications (payments.md §3 Plan). */
export const WEBHOOK_TYPES = [
  'transaction',
  'refund',
  'chargeback',
  'validationruleset',
  'cardlink',
  'paymentlink',
  'subscription',
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** The status choices of each webhook type: the item's own status list; none for rulesets. */
export const WEBHOOK_STATUSES_BY_TYPE: Record<WebhookType, readonly string[]> = {
  transaction: statusVocabularies.transaction.values,
  refund: statusVocabularies.refund.values,
  chargeback: statusVocabularies.chargeback.values,
  validationruleset: [],
  cardlink: statusVocabularies.cardAddLink.values,
  paymentlink: statusVocabularies.paymentLink.values,
  subscription: statusVocabularies.subscription.values,
};
/** Types whose status is required on the webhook form (portal.md §5). */
export const WEBHOOK_TYPES_WITH_REQUIRED_STATUS: readonly WebhookType[] = ['transaction', 'refund', 'chargeback'];

/** True when a URL carries a user name or password (`https://user:pass@host/`). */
export const hasUrlCredentials = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
};

/**
 * A URL Kassa sends to (webhooks, push services) carries no user name or password: they would be
 * stored and shown in clear, sent to whoever the URL points at, and written in every log line.
 */
export const withoutCredentials = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(
    (value) => !hasUrlCredentials(value),
    coded('invalidUrl', 'A URL Kassa sends to may not carry a user name or password'),
  );

const ZUrl = withoutCredentials(
  z
    .url({
      protocol: /^https?$/,
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'This field is required'
          : 'Enter a valid URL (http or https)',
    })
    .max(2000),
);

/** Sending a test webhook (webhook testing): organisation, url, type, status (for item types) and an optional item. */
export const ZWebhookCreate = z
  .object({
    organisation: z.string().min(1).max(64),
    url: ZUrl,
    type: z.enum(WEBHOOK_TYPES).default('transaction'),
    status: z.string().max(64).nullish(),
    item_id: z.string().trim().max(64).nullish(),
  })
  .superRefine((body, ctx) => {
    if (WEBHOOK_TYPES_WITH_REQUIRED_STATUS.includes(body.type) && !body.status) {
      ctx.addIssue({ code: 'custom', path: ['status'], ...coded('required', 'This field is required') });
    } else if (body.status && !WEBHOOK_STATUSES_BY_TYPE[body.type].includes(body.status)) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        ...coded('invalidOption', 'This status does not belong to this type'),
      });
    }
  });
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;

/** Creating or rotating the signing secret of an organisation's receiving URL (the endpoint is that organisation's own). */
export const ZWebhookSecretRotate = z.object({
  organisation: z.string().min(1).max(64),
  url: ZUrl,
});
export type TWebhookSecretRotate = z.infer<typeof ZWebhookSecretRotate>;

/** The answer to a rotation: the only time `secret` is sent; the previous secret signs too until `previous_until`. */
export const ZWebhookSecret = z.object({
  id: z.string(),
  url: z.string(),
  secret: secret(z.string()),
  previous_until: z.union([z.string(), z.date()]).nullable(),
});
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;
