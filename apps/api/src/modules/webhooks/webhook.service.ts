import type { TWebhookCreate, TWebhookSecretRotate } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { newId } from '../../lib/ids.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
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

/**
 * The item a test webhook names must lie in the caller's scope and in the subtree of the
 * webhook's organisation: a sub-organisation may not send itself its parent's or a sibling's
 * item. A foreign item answers exactly like an unknown id, so the answer tells nothing.
 */
const checkItem = async (db: Db, actor: Actor, organisationId: string, type: repo.WebhookItemType, id: string) => {
  const item = await repo.itemInOrganisation(db, type, id, organisationId);
  if (!item || !inMerchantScope(actor.scope, item)) throw notFoundAt('body.item_id', itemNames[type]);
};

/**
 * Webhook testing: a real event sent at once to the URL, signed like every other, with the
 * named item's current data when it is a transaction, refund or chargeback of the organisation.
 * The answer carries the first attempt; a failed test is retried on the schedule like any webhook.
 */
export const sendTestWebhook = async (db: Db, config: Config, actor: Actor, body: TWebhookCreate) => {
  const owner = await resolveOwner(db, actor, body.organisation);
  const type = body.type ?? 'transaction';
  let data: Record<string, unknown> = { id: body.item_id ?? null, status: body.status ?? null, test: true };
  if (body.item_id) await checkItem(db, actor, owner.organisationId, type, body.item_id);
  if (body.item_id && (snapshotTypes as readonly string[]).includes(type)) {
    const item = await repo.itemSnapshot(db, type as (typeof snapshotTypes)[number], body.item_id);
    if (!item) throw notFoundAt('body.item_id', itemNames[type]);
    const { url: _url, organisation_id, merchant_id: _merchant, ...rest } = item;
    data = { ...rest, organisation: organisation_id, status: body.status ?? item.status, test: true };
  }
  const id = await db.transaction(async (tx) => {
    const webhookId = await queueWebhook(tx, {
      type,
      event: `${type}.test`,
      organisationId: owner.organisationId,
      merchantId: owner.merchantId,
      url: body.url,
      itemId: body.item_id ?? null,
      status: body.status ?? null,
      data,
      manual: true,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'webhook_test_sent',
      responseCode: 201,
      entity: 'webhook',
      entityId: webhookId,
      detail: { url: body.url, type },
    });
    return webhookId;
  });
  await deliverWebhook(db, config, id);
  return getEntity(db, webhookEntity, actor.scope, id, { _populate: 'organisation' });
};

/** Sends a webhook of the actor's tenancy again now; the attempt joins its history. */
export const resendWebhook = async (db: Db, config: Config, actor: Actor, id: string) => {
  if (!(await repo.isOwnWebhook(db, id, actor.scope))) throw notFoundAt('params.id', 'Webhook');
  await deliverWebhook(db, config, id, { manual: true });
  await recordAudit(db, { ...actor.audit, type: 'webhook_resent', responseCode: 200, entity: 'webhook', entityId: id });
  return getEntity(db, webhookEntity, actor.scope, id, { _populate: 'organisation' });
};

/**
 * A new signing secret for an organisation's URL, answered once. The endpoint is the named
 * organisation's own (resolveOwner: inside the caller's subtree), never its parent's: a
 * sub-organisation that registers its parent's URL gets an endpoint of its own, and the parent's
 * secret stays as it was. The previous secret keeps signing beside the new one for a day, so the
 * receiver can switch without losing a message.
 */
export const rotateWebhookSecret = async (db: Db, actor: Actor, body: TWebhookSecretRotate) => {
  const owner = await resolveOwner(db, actor, body.organisation);
  // The endpoint's organisation, checked against the caller's scope as well as its subtree.
  if (!inMerchantScope(actor.scope, { organisation_id: owner.organisationId, merchant_id: owner.merchantId }))
    throw notFoundAt('body.organisation', 'Organisation');
  const secret = newSigningSecret();
  return db.transaction(async (tx) => {
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
    const id = inserted?.id ?? rotated!.id;
    let previousUntil: Date | null = null;
    if (rotated) {
      previousUntil = new Date(Date.now() + ROTATION_OVERLAP_HOURS * 3600_000);
      await repo.rotateEndpoint(tx, id, encryptSecret(secret), previousUntil);
    }
    await recordAudit(tx, {
      ...actor.audit,
      type: 'webhook_secret_rotated',
      responseCode: 200,
      entity: 'webhook_endpoint',
      entityId: id,
      detail: { url: body.url, organisation: owner.organisationId },
    });
    return { id, url: body.url, secret, previous_until: previousUntil };
  });
};
