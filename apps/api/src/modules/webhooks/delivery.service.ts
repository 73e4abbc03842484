import type { Config } from '../../config.ts';
import { enqueue } from '../../jobs/queue.ts';
import { webhookDeliveries, webhookDeliveryDuration, webhookGiveUps, webhookRetries } from '../../lib/metrics.ts';
import { newId } from '../../lib/ids.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { RefusedTarget, reservedNameRefusal, resolveTarget, type Lookup } from './address-guard.ts';
import { demoReceiverTarget } from './demo-receiver.ts';
import { keyLimitsFrom } from '../../jobs/key-limits.ts';
import { endpointKey, trackEndpointPace } from './endpoint-pace.ts';
import { retryDelaySeconds } from './retry-schedule.ts';
import { sendWebhook, type SendResult } from './sender.ts';
import { signedHeaders, newSigningSecret } from './signature.ts';
import * as repo from './webhook.repository.ts';

export const DELIVER_QUEUE = 'webhook.deliver';

export type WebhookEvent = {
  /** The event id (`webhook-id`); given when the event already has one (plan notifications). */
  id?: string;
  type: string;
  event: string;
  organisationId: string;
  merchantId: string | null;
  url: string;
  itemId: string | null;
  status: string | null;
  data: Record<string, unknown>;
  manual?: boolean;
  at?: Date;
};

const scheduleDelivery = (db: Queryable, id: string, url: string, attempt: number, runAt?: Date) =>
  enqueue(
    db,
    DELIVER_QUEUE,
    { webhook_id: id },
    { uniqueKey: `webhook:${id}:${attempt}`, runAt, maxAttempts: 3, concurrencyKey: endpointKey(url) },
  );

/**
 * Records an event for one URL and queues its first delivery, in the caller's transaction: the
 * webhook exists if and only if the change it reports committed. The body is the Standard
 * Webhooks shape `{ type, timestamp, data }` and stays the same on every retry.
 */
export const queueWebhook = async (db: Queryable, event: WebhookEvent): Promise<string> => {
  const id = event.id ?? newId('wh');
  const at = event.at ?? new Date();
  const inserted = await repo.insertWebhook(db, {
    id,
    organisation_id: event.organisationId,
    merchant_id: event.merchantId,
    url: event.url,
    type: event.type,
    event: event.event,
    item_id: event.itemId,
    status: event.status,
    payload: { type: event.event, timestamp: at.toISOString(), data: event.data },
    manual: event.manual ?? false,
    created_at: at,
  });
  if (!inserted || event.manual) return id;
  const reserved = reservedNameRefusal(event.url);
  if (reserved) {
    await repo.recordAttempt(
      db,
      { id, attempt: 1, manual: false, at },
      { statusCode: null, durationMs: 0, content: reserved },
      { delivered: false, state: 'failed', nextAt: null },
    );
  } else await scheduleDelivery(db, id, event.url, 1);
  return id;
};

/** Queues the webhook of a transaction, refund, chargeback or card-add link when its payment profile names a URL for that type. */
export const notifyItem = async (db: Queryable, type: repo.NotifiedItem, itemId: string, event = `${type}.updated`) => {
  const item = await repo.itemSnapshot(db, type, itemId);
  if (!item?.url) return;
  const { url, organisation_id, merchant_id, ...data } = item;
  await queueWebhook(db, {
    type,
    event,
    organisationId: organisation_id,
    merchantId: merchant_id,
    url,
    itemId,
    status: item.status,
    data: { ...data, organisation: organisation_id },
  });
};

/**
 * The secrets that sign now: the current one, and the previous one during a rotation's overlap,
 * of the endpoint of the nearest organisation on the event's path up to its merchant. Without
 * one, the merchant's endpoint is made (its secret shown at its first rotation): a webhook is
 * always signed, and an endpoint a sub-organisation makes for itself never signs its parent's.
 */
const signingSecrets = async (
  db: Queryable,
  webhook: repo.WebhookRow,
  now: Date,
): Promise<{ endpointId: string; secrets: string[]; failing: boolean }> => {
  let endpoint = await repo.findSigningEndpoint(db, webhook.organisation_id, webhook.url);
  if (!endpoint) {
    const merchantId = webhook.merchant_id ?? webhook.organisation_id;
    await repo.insertEndpoint(db, {
      id: newId('whe'),
      organisationId: merchantId,
      merchantId,
      url: webhook.url,
      secret: encryptSecret(newSigningSecret()),
    });
    endpoint = (await repo.findSigningEndpoint(db, webhook.organisation_id, webhook.url))!;
  }
  const secrets = [decryptSecret(endpoint.secret)];
  if (endpoint.previous_secret && endpoint.previous_until && endpoint.previous_until > now)
    secrets.push(decryptSecret(endpoint.previous_secret));
  return { endpointId: endpoint.id, secrets, failing: endpoint.failing_since !== null };
};

export type DeliveryOptions = {
  /** A person's resend or test: one attempt now, outside the retry schedule. */
  manual?: boolean;
  now?: () => Date;
  random?: () => number;
  lookup?: Lookup;
  /** From the job's claim: the endpoint is at its full limit with nothing on record, so a prompt answer changes nothing. */
  keySettled?: boolean;
};

export const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

type Outcome = 'delivered' | 'http_error' | 'no_answer' | 'refused';
const outcomeOf = (result: SendResult, refused: boolean): Outcome =>
  refused
    ? 'refused'
    : isSuccess(result.statusCode)
      ? 'delivered'
      : result.statusCode === null
        ? 'no_answer'
        : 'http_error';

/**
 * One delivery attempt: resolve and check the target, sign, send, store the attempt, and either
 * mark the webhook delivered or queue the next try on the retry schedule (failed after the last).
 * A scheduled attempt of a webhook that is already delivered or failed does nothing, so a job
 * that runs twice does not deliver twice.
 */
export const deliverWebhook = async (
  db: Db,
  config: Config,
  id: string,
  options: DeliveryOptions = {},
): Promise<SendResult | null> => {
  const now = options.now ?? (() => new Date());
  const webhook = await repo.loadWebhook(db, id);
  if (!webhook || (!options.manual && webhook.state !== 'queued')) return null;
  const started = now();
  const body = JSON.stringify(webhook.payload);
  let result: SendResult;
  let refused = false;
  let endpointFailing = false;
  let endpointId: string | null = null;
  try {
    const target =
      demoReceiverTarget(config, webhook.url) ??
      (await resolveTarget(webhook.url, {
        allowPrivate: config.allowPrivateWebhooks,
        lookup: options.lookup,
      }));
    const signing = await signingSecrets(db, webhook, started);
    endpointFailing = signing.failing;
    endpointId = signing.endpointId;
    const headers = signedHeaders(signing.secrets, webhook.id, Math.floor(started.getTime() / 1000), body);
    result = await sendWebhook(target, headers, body, config.webhookTimeoutMs);
  } catch (error) {
    if (!(error instanceof RefusedTarget)) throw error;
    result = { statusCode: null, durationMs: 0, content: error.message };
    refused = true;
  }
  const outcome = outcomeOf(result, refused);
  webhookDeliveries.inc({ outcome, manual: String(!!options.manual) });
  webhookDeliveryDuration.observe({ outcome }, result.durationMs / 1000);
  const attempt = webhook.attempts + 1;
  const delivered = isSuccess(result.statusCode);
  const at = now();
  let retried: boolean | undefined;
  await db.transaction(async (tx) => {
    const record = (outcome: Parameters<typeof repo.recordAttempt>[3]) =>
      repo.recordAttempt(tx, { id, attempt, manual: !!options.manual, at }, result, outcome);
    // An endpoint failing for an hour tells the users who asked for it (push notification), once per failing spell.
    // (A success at an endpoint that is not failing changes nothing: no statement for it.)
    if (
      !refused &&
      endpointId !== null &&
      (!delivered || endpointFailing) &&
      (await repo.trackEndpointHealth(tx, endpointId, at, delivered))
    ) {
      await enqueue(
        tx,
        'push.event',
        { event: 'webhook.failing', id: webhook.id, organisation_id: webhook.organisation_id, url: webhook.url },
        { maxAttempts: 3 },
      );
    }
    if (delivered) await record({ delivered, state: 'delivered', nextAt: null });
    // A resend leaves the schedule as it is: a queued webhook keeps its next try, a failed one stays failed.
    else if (options.manual) await record({ delivered, state: webhook.state, nextAt: null });
    else {
      const scheduled = (await repo.countScheduledAttempts(tx, id)) + 1;
      const delay = retryDelaySeconds(scheduled, options.random, config.webhookRetryScale);
      const nextAt = delay === null ? null : new Date(at.getTime() + delay * 1000);
      await record({ delivered, state: nextAt ? 'queued' : 'failed', nextAt });
      if (nextAt) await scheduleDelivery(tx, id, webhook.url, attempt + 1, nextAt);
      retried = nextAt !== null;
    }
    // Last: a timeout that pauses the endpoint also defers the retry queued just above.
    if (!refused) await trackEndpointPace(tx, webhook.url, result, keyLimitsFrom(config), options.keySettled ?? false);
  });
  // Counted once the attempt is stored, so a rolled-back transaction does not count.
  if (retried !== undefined) (retried ? webhookRetries : webhookGiveUps).inc();
  return result;
};
