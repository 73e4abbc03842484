import type { TWebhookCreate, TWebhookSecretRotate } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { newId } from '../../lib/ids.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { defineWrite, lockInScope, noteOf, writeEntity } from '../../query/write.ts';
import { deliverWebhook, queueWebhook } from './delivery.service.ts';
import { newSigningSecret } from './signature.ts';
import { webhookEntity } from './webhook.entity.ts';
import * as repo from './webhook.repository.ts';
import { notFoundAt } from '../../lib/http-error.ts';
import { resolveOwner } from '../../query/owner.ts';
import { inMerchantScope } from '../../query/where.ts';

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_HOURS = 24;

const snapshotTypes = ['transaction', 'refund', 'chargeback'] as const;
const itemNames: Record<repo.WebhookItemType, string> = {
  transaction: 'Transaction',
  refund: 'Refund',
  chargeback: 'Chargeback',
  validationruleset: 'Ruleset',
  cardlink: 'Card-add link',
  paymentlink: 'Payment link',
  subscription: 'Subscription',
};

/** Webhooks a person sends now (tests, resends); the job sends the others. */
const webhookWrite = defineWrite({
  entity: webhookEntity,
  path: 'webhook',
  idPrefix: 'wh',
  label: 'Webhook',
  audit: { entity: 'webhook', type: 'webhook' },
  populate: 'organisation',
});

/** An organisation's signing endpoint for a URL; merchant-owned like its webhooks, whose tenancy it shares. */
const endpointWrite = defineWrite({
  entity: webhookEntity,
  path: 'webhook/secret',
  table: 'webhook_endpoint',
  idPrefix: 'whe',
  label: 'Webhook endpoint',
  audit: { entity: 'webhook_endpoint', type: 'webhook_secret' },
});

/**
 * The item a test webhook names must lie in the caller's scope and in the subtree of the
 * webhook's organisation: a sub-organisation may not send itself its parent's or a sibling's
 * item. A foreign item answers exactly like an unknown id, so the answer tells nothing.
 */
const checkItem = async (
  db: Queryable,
  actor: Actor,
  organisationId: string,
  type: repo.WebhookItemType,
  id: string,
) => {
  const item = await repo.itemInOrganisation(db, type, id, organisationId);
  if (!item || !inMerchantScope(actor.scope, item)) throw notFoundAt('body.item_id', itemNames[type]);
};

/** The data of a test webhook: the named transaction's, refund's or chargeback's current data, else its id and status. */
const testData = async (db: Queryable, type: repo.WebhookItemType, body: TWebhookCreate) => {
  const data = { id: body.item_id ?? null, status: body.status ?? null, test: true };
  if (!body.item_id || !(snapshotTypes as readonly string[]).includes(type)) return data;
  const item = await repo.itemSnapshot(db, type as (typeof snapshotTypes)[number], body.item_id);
  if (!item) throw notFoundAt('body.item_id', itemNames[type]);
  const { url: _url, organisation_id, merchant_id: _merchant, ...rest } = item;
  return { ...rest, organisation: organisation_id, status: body.status ?? item.status, test: true };
};

/**
 * Webhook testing: a real event sent at once to the URL, signed like every other, with the
 * named item's current data when it is a transaction, refund or chargeback of the organisation.
 * The answer carries the first attempt; a failed test is retried on the schedule like any webhook.
 */
export const sendTestWebhook = async (db: Db, config: Config, actor: Actor, body: TWebhookCreate) => {
  const type = body.type ?? 'transaction';
  const queued = await writeEntity(db, actor, webhookWrite, async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation);
    if (body.item_id) await checkItem(tx, actor, owner.organisationId, type, body.item_id);
    const id = await queueWebhook(tx, {
      type,
      event: `${type}.test`,
      organisationId: owner.organisationId,
      merchantId: owner.merchantId,
      url: body.url,
      itemId: body.item_id ?? null,
      status: body.status ?? null,
      data: await testData(tx, type, body),
      manual: true,
    });
    return { id, notes: [{ ...noteOf(webhookWrite, 'test_sent', { url: body.url, type }), responseCode: 201 }] };
  });
  // Sent once committed: no receiver is waited for inside a transaction.
  await deliverWebhook(db, config, queued.id);
  return queued.row();
};

/** Sends a webhook of the actor's tenancy again now; the attempt joins its history. */
export const resendWebhook = async (db: Db, config: Config, actor: Actor, id: string) => {
  const asked = await writeEntity(db, actor, webhookWrite, async (tx) => {
    await lockInScope(tx, actor, webhookWrite, id);
    return { id, notes: [noteOf(webhookWrite, 'resent')] };
  });
  await deliverWebhook(db, config, id, { manual: true });
  return asked.row();
};

/**
 * A new signing secret for an organisation's URL, answered once and never recorded. The endpoint
 * is the named organisation's own (resolveOwner: inside the caller's subtree), never its parent's:
 * a sub-organisation that registers its parent's URL gets an endpoint of its own, and the parent's
 * secret stays as it was. The previous secret keeps signing beside the new one for a day, so the
 * receiver can switch without losing a message.
 */
export const rotateWebhookSecret = async (db: Db, actor: Actor, body: TWebhookSecretRotate) => {
  const secret = newSigningSecret();
  const { id, previousUntil } = await writeEntity(db, actor, endpointWrite, async (tx) => {
    const owner = await resolveOwner(tx, actor, body.organisation);
    // The endpoint's organisation, checked against the caller's scope as well as its subtree.
    if (!inMerchantScope(actor.scope, { organisation_id: owner.organisationId, merchant_id: owner.merchantId }))
      throw notFoundAt('body.organisation', 'Organisation');
    const existing = await repo.findOwnEndpoint(tx, owner.organisationId, body.url);
    const [inserted] = existing
      ? []
      : await repo.insertEndpoint(tx, {
          id: newId('whe'),
          organisationId: owner.organisationId,
          merchantId: owner.merchantId,
          url: body.url,
          secret: encryptSecret(secret),
        });
    // A first delivery may have made it meanwhile: then this is a rotation of that one.
    const rotated = inserted
      ? undefined
      : (existing ?? (await repo.findOwnEndpoint(tx, owner.organisationId, body.url)));
    const endpointId = inserted?.id ?? rotated!.id;
    const until = rotated ? new Date(Date.now() + ROTATION_OVERLAP_HOURS * 3600_000) : null;
    if (until) await repo.rotateEndpoint(tx, endpointId, encryptSecret(secret), until);
    const detail = { url: body.url, organisation: owner.organisationId };
    return { id: endpointId, previousUntil: until, notes: [noteOf(endpointWrite, 'rotated', detail)] };
  });
  return { id, url: body.url, secret, previous_until: previousUntil };
};
