import type { TWebhookRow } from '@kassa/domain';

/** A webhook as `GET /v1/webhook` answers it with `_populate=organisation`. */
export type WebhookRow = TWebhookRow;

export { populated } from '@/lib/entity-api.ts';
