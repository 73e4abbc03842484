import { registerJobHandler } from '../../jobs/handlers.ts';
import { deliverWebhook, DELIVER_QUEUE, queueWebhook } from './delivery.service.ts';

/**
 * `webhook.deliver` makes one scheduled attempt; `webhook.subscription` (queued by plans,
 * recurring/notify.ts) becomes a webhook with the event's own id, so a repeated job adds nothing.
 */
export const registerWebhookJobs = (): void => {
  registerJobHandler(DELIVER_QUEUE, async (payload, { db, config, job }) => {
    await deliverWebhook(db, config, String(payload.webhook_id), { keySettled: job.key_settled });
  });
  registerJobHandler('webhook.subscription', async (payload, { db }) => {
    const data = payload.data as Record<string, unknown>;
    await db.transaction((tx) =>
      queueWebhook(tx, {
        id: String(payload.event_id),
        type: 'subscription',
        event: String(payload.type),
        organisationId: String(payload.organisation_id),
        merchantId: (payload.merchant_id as string | null) ?? null,
        url: String(payload.url),
        itemId: String(data.id),
        status: (data.status as string | null) ?? null,
        data,
        at: new Date(String(payload.created_at)),
      }),
    );
  });
};
