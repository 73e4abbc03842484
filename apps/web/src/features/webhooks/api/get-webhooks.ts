import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { countOptions, listOptions } from '@/lib/entity-api.ts';
import type { WebhookRow } from './types.ts';

/** `GET /v1/webhook` (portal.md §7: lists use _populate). */
export const webhooksQueryOptions = listOptions<WebhookRow>('webhook', 'organisation');
/** `GET /v1/webhook/count` with the list's filters. */
export const webhooksCountQueryOptions = countOptions('webhook');

export const useWebhooks = (params: QueryParams, scope: string) => useQuery(webhooksQueryOptions(params, scope));
