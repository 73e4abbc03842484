import { z } from 'zod';
import { secret } from './secret.ts';
import { withoutCredentials } from './webhooks.ts';

/** The events a user can be told about by push notification (picked in the profile; issue 13). */
export const PUSH_EVENTS = [
  'chargeback.created',
  'webhook.failing',
  'settlement.paid',
  'dispute.reminder',
  // An emergency change applied at once, to approve after the fact (issue 35): told to those who may approve it.
  'change_request.emergency',
] as const;
export type TPushEvent = (typeof PUSH_EVENTS)[number];

const base64url = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, { message: 'Expected base64url' });

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const ZPushSubscription = z.object({
  endpoint: withoutCredentials(z.url({ protocol: /^https?$/, error: 'Expected the push service URL' }).max(1000)),
  /** `auth` is the subscription's shared secret; `p256dh` is a public key. */
  keys: z.object({ p256dh: base64url, auth: secret(base64url) }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z.object({ endpoint: z.string().min(1).max(1000) });
export const ZPushPreferences = z.object({ events: z.array(z.enum(PUSH_EVENTS)).max(PUSH_EVENTS.length) });

/** The signed-in user's push state. */
export const ZPushState = z.object({
  public_key: z.string(),
  events: z.array(z.enum(PUSH_EVENTS)),
  subscriptions: z.number().int(),
  available_events: z.array(z.enum(PUSH_EVENTS)),
});
export type TPushState = z.infer<typeof ZPushState>;

export const ZPushSendOutcome = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
});
