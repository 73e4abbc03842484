import { randomBytes } from 'node:crypto';
import {
  LINK_DEFAULT_EXPIRY_DAYS,
  LINK_MAX_EXPIRY_DAYS,
  type TCardAddLinkCreateBody,
  type TPaymentLinkCreateBody,
} from '@kassa/domain';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import type { EntityDef } from '../../query/entity.ts';
import { type OwnedRow, getEntity, getOwnedRow } from '../../query/repository.ts';
import type { Actor } from '../../plugins/actor.ts';
import { merchantOf } from './charge.repository.ts';
import { cardAddLinkEntity, paymentLinkEntity } from './link.entities.ts';
import { deactivateLink, insertLink, lockLink, type LinkKind } from './link.repository.ts';
import { assertSameMerchant } from './same-merchant.ts';
import { customerEntity } from './customer.entity.ts';
import { paymentProfileEntity } from '../settings/settings.entities.ts';
import { assertAmountCap } from './amount-cap.ts';

const DAY = 86_400_000;
export const LINK_ENTITY: Record<LinkKind, EntityDef> = { payment: paymentLinkEntity, card_add: cardAddLinkEntity };
/** The customer-facing page of each kind; the token in it is the only key to the link. */
const LINK_PAGE: Record<LinkKind, string> = { payment: 'pay', card_add: 'add-card' };

const expiryOf = (raw: string | undefined): Date => {
  if (raw === undefined) return new Date(Date.now() + LINK_DEFAULT_EXPIRY_DAYS * DAY);
  const expiresAt = new Date(raw);
  if (expiresAt.getTime() <= Date.now()) throw badRequest('body.expires_at', 'The expiry must be in the future');
  if (expiresAt.getTime() > Date.now() + LINK_MAX_EXPIRY_DAYS * DAY) {
    throw badRequest('body.expires_at', `The expiry can be at most ${LINK_MAX_EXPIRY_DAYS} days ahead`);
  }
  return expiresAt;
};

type CreateLink =
  { kind: 'payment'; body: TPaymentLinkCreateBody } | { kind: 'card_add'; body: TCardAddLinkCreateBody };

/** Creates a payment link or card-add link on a payment profile of the actor's own tenancy. */
export const createLink = async (db: Db, actor: Actor, publicUrl: string, request: CreateLink) => {
  const { kind, body } = request;
  const expiresAt = expiryOf(body.expires_at);
  return db.transaction(async (tx) => {
    const profile = await getOwnedRow<OwnedRow & { currency_code: string | null }>(
      tx,
      paymentProfileEntity,
      actor.scope,
      body.payment_profile,
      'body.payment_profile',
      { columns: ['currency_code'] },
    );
    const currency = profile.currency_code ?? 'EUR';
    if (request.kind === 'payment' && request.body.currency !== undefined && request.body.currency !== currency) {
      throw badRequest('body.currency', `The currency must be the payment profile's currency, ${currency}`);
    }
    if (request.kind === 'payment') assertAmountCap(request.body.amount, currency);
    if (body.customer)
      assertSameMerchant(
        profile,
        await getOwnedRow(tx, customerEntity, actor.scope, body.customer, 'body.customer', { columns: ['status'] }),
        'body.customer',
      );
    const linkId = newId(kind === 'payment' ? 'pl' : 'cal');
    const token = randomBytes(18).toString('base64url');
    await insertLink(tx, kind, {
      id: linkId,
      organisationId: profile.organisation_id,
      merchantId: profile.merchant_id ?? (await merchantOf(tx, profile.organisation_id)) ?? profile.organisation_id,
      paymentProfileId: profile.id,
      customerId: body.customer ?? null,
      token,
      url: `${publicUrl.replace(/\/$/, '')}/${LINK_PAGE[kind]}/${token}`,
      amount: request.kind === 'payment' ? request.body.amount : null,
      currencyCode: request.kind === 'payment' ? currency : null,
      description: body.description ?? null,
      merchantReference: body.merchant_reference ?? null,
      expiresAt,
      createdBy: actor.userId,
      mode: actor.mode ?? 'live',
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: `${kind}_link_created`,
      responseCode: 201,
      entity: LINK_ENTITY[kind].table,
      entityId: linkId,
      detail: {
        payment_profile: profile.id,
        amount: request.kind === 'payment' ? request.body.amount : null,
        expires_at: expiresAt.toISOString(),
      },
    });
    // Read in the transaction, so that its idempotency answer commits with the link.
    const link = await getEntity(tx, LINK_ENTITY[kind], actor.scope, linkId);
    await actor.answer?.record(tx, 201, link);
    return link;
  });
};

/** Switches a link off so its customer can no longer use it; a completed link cannot be. */
export const deactivate = async (db: Db, actor: Actor, kind: LinkKind, id: string) => {
  await db.transaction(async (tx) => {
    const link = await lockLink(tx, kind, actor.scope, id);
    if (!link) throw notFound(LINK_ENTITY[kind].name);
    if (link.status === 'DONE') throw conflict('This link has been used already and cannot be deactivated');
    if (!link.active) return;
    await deactivateLink(tx, kind, id);
    await recordAudit(tx, {
      ...actor.audit,
      type: `${kind}_link_deactivated`,
      responseCode: 200,
      entity: LINK_ENTITY[kind].table,
      entityId: id,
    });
  });
  return getEntity(db, LINK_ENTITY[kind], actor.scope, id);
};
