import { WEBHOOK_TYPES, ZWebhookRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

/** Webhooks as the list and detail show them (portal.md §2.5), each with its delivery history. */
export const webhookEntity = defineEntity(ZWebhookRow, {
  name: 'webhook',
  table: 'webhook',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    url: { type: 'text', filter: true, sort: true, search: 'prefix' },
    type: { type: 'text', filter: true, sort: true, values: WEBHOOK_TYPES },
    event: { type: 'text', filter: true },
    item_id: { type: 'text', filter: true, search: 'exact' },
    status: { type: 'text', filter: true, sort: true },
    delivered: { type: 'bool', filter: true },
    delivered_on: { type: 'timestamp', filter: true, sort: true },
    manual: { type: 'bool', filter: true },
    state: { type: 'text', filter: true, values: ['queued', 'delivered', 'failed'] },
    attempts: { type: 'int', filter: true, sort: true },
    next_attempt_at: { type: 'timestamp', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id', filter: true },
    history: {
      type: 'json',
      column: `(select coalesce(jsonb_agg(jsonb_build_object('created_at', a.created_at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
        'content', a.content, 'manual', a.manual) order by a.created_at desc, a.id desc), '[]'::jsonb) from webhook_attempt a where a.webhook_id = e.id)`,
    },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});
