import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import type { WebhookRow } from './types.ts';

/** `GET /v1/webhook/:id?_populate=organisation` (portal.md §7). */
export const webhookQueryOptions = detailOptions<WebhookRow>('webhook', 'organisation');

export const useWebhook = (id: string | null, scope: string) =>
  useQuery({ ...webhookQueryOptions(id ?? '', scope), enabled: Boolean(id) });
