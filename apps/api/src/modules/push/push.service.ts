import { access, PUSH_EVENTS, type TPushEvent } from '@kassa/domain';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { RefusedTarget, resolveTarget } from '../webhooks/address-guard.ts';
import { sendWebhook } from '../webhooks/sender.ts';
import { pushMessage, type PushMessage } from './push-messages.ts';
import * as repo from './push.repository.ts';

type Vapid = { publicKey: string; privateKey: string };

/** The VAPID key pair: from the environment, else the one kept in the database (made by the first process that needs it). */
export const vapidKeys = async (db: Queryable, config: Config): Promise<Vapid> => {
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  let stored = await repo.storedVapid(db);
  if (!stored) {
    const made = webpush.generateVAPIDKeys();
    await repo.insertVapid(db, made.publicKey, encryptSecret(made.privateKey));
    stored = (await repo.storedVapid(db))!;
  }
  return { publicKey: stored.public_key, privateKey: decryptSecret(stored.private_key) };
};

/** The push state of the signed-in user: the key browsers subscribe with, the picked events and how many browsers. */
export const pushState = async (db: Queryable, config: Config, userId: string) => {
  const [{ publicKey }, user] = await Promise.all([vapidKeys(db, config), repo.userPush(db, userId)]);
  return {
    public_key: publicKey,
    events: user.push_events as TPushEvent[],
    subscriptions: Number(user.subscriptions),
    available_events: [...PUSH_EVENTS],
  };
};

/**
 * A push service endpoint is an address Kassa will send to: the same refusal of loopback, private,
 * link-local and metadata addresses as for webhooks, checked now and again at each send.
 */
const checkEndpoint = async (config: Config, endpoint: string, path = 'body.endpoint') => {
  try {
    return await resolveTarget(endpoint, { allowPrivate: config.allowPrivateWebhooks });
  } catch (error) {
    if (error instanceof RefusedTarget) throw badRequest(path, error.message);
    throw error;
  }
};

export const subscribe = async (
  db: Queryable,
  config: Config,
  userId: string,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | null,
) => {
  await checkEndpoint(config, body.endpoint);
  await repo.upsertSubscription(db, {
    id: newId('psh'),
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
};

export type SendOutcome = { sent: number; failed: number; removed: number };

/**
 * Encrypts (aes128gcm) and signs (VAPID) one message per subscription with web-push, and sends
 * it to the checked address. A subscription the push service says is gone (404, 410) is removed.
 */
export const sendToSubscriptions = async (
  db: Db,
  config: Config,
  subscriptions: repo.StoredSubscription[],
  messageOf: (language: string) => PushMessage,
): Promise<SendOutcome> => {
  const outcome: SendOutcome = { sent: 0, failed: 0, removed: 0 };
  if (!subscriptions.length) return outcome;
  const vapid = await vapidKeys(db, config);
  for (const s of subscriptions) {
    const details = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify(messageOf(s.language)),
      {
        vapidDetails: { subject: config.vapidSubject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: 24 * 3600,
        urgency: 'normal',
      },
    );
    let statusCode: number | null;
    let content: string;
    try {
      const target = await resolveTarget(s.endpoint, { allowPrivate: config.allowPrivateWebhooks });
      ({ statusCode, content } = await sendWebhook(
        target,
        details.headers as Record<string, string>,
        details.body ?? Buffer.alloc(0),
      ));
    } catch (error) {
      if (!(error instanceof RefusedTarget)) throw error;
      [statusCode, content] = [null, error.message];
    }
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      outcome.sent += 1;
      await repo.markSent(db, s.id);
    } else if (statusCode === 404 || statusCode === 410) {
      outcome.removed += 1;
      await repo.removeSubscription(db, s.id);
    } else {
      outcome.failed += 1;
      await repo.markFailed(db, s.id, `${statusCode ?? 'no answer'}: ${content}`);
    }
  }
  return outcome;
};

/** Who may see what an event is about. Provider staff with PSP_ALL see every merchant's. */
const ROLES: Record<TPushEvent, readonly string[]> = {
  'chargeback.created': [...access.chargeback.list, 'PSP_ALL'],
  'settlement.paid': [...access.settlement.list, 'PSP_ALL'],
  'webhook.failing': [...access.webhook.list, 'PSP_ALL'],
  // Only the merchant's users who may answer it (the sender names them in `users`).
  'dispute.reminder': access.chargeback.respond,
  // Narrowed by the event to the roles of making that change (its `roles`).
  'change_request.emergency': [...access.changes.decide, 'PSP_ALL'],
};

export type PushEventPayload = {
  event: TPushEvent;
  id: string;
  organisation_id: string;
  amount?: number;
  currency_code?: string;
  url?: string;
  days?: number;
  /** Only these users (who must still qualify): the sender already chose who is concerned. */
  users?: string[];
  what?: string;
  /** Only users holding one of these (plain role names), e.g. those who may approve a change. */
  roles?: string[];
  /** Never this user (who made the emergency change). */
  except_user?: string;
};

/** `push.event`: tells every subscribed user who may see the item. */
export const sendPushEvent = async (db: Db, config: Config, payload: PushEventPayload): Promise<SendOutcome> => {
  const roles = payload.roles ? [...payload.roles, 'PSP_ALL'] : ROLES[payload.event];
  const all = await repo.recipients(db, payload.event, payload.organisation_id, roles);
  const subscriptions = all.filter(
    (subscription) =>
      subscription.user_id !== payload.except_user && (!payload.users || payload.users.includes(subscription.user_id)),
  );
  return sendToSubscriptions(db, config, subscriptions, (language) => pushMessage(language, payload));
};
