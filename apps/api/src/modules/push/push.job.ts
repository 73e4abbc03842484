import { registerJobHandler } from '../../jobs/handlers.ts';
import { sendPushEvent, type PushEventPayload } from './push.service.ts';

/** The queue of push events (chargebacks and settlements through database triggers, failing webhooks from delivery). */
export const PUSH_QUEUE = 'push.event';

/** `push.event`: one event to every subscribed user who may see it. A repeat sends the notification again, which the tag collapses on the device. */
export const registerPushJobs = (): void => {
  registerJobHandler(PUSH_QUEUE, async (payload, { db, config }) => {
    await sendPushEvent(db, config, payload as unknown as PushEventPayload);
  });
};
