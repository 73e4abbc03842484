import { randomBytes } from 'node:crypto';
import {
  LINK_DEFAULT_EXPIRY_DAYS,
  LINK_MAX_EXPIRY_DAYS,
  type TCardAddLinkCreateBody,
  type TPaymentLinkCreateBody,
} from '@kassa/domain';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Db } from '../../plugins/db/index.ts';
import type { EntityDef } from '../../query/entity.ts';
import { type OwnedRow, getOwnedRow } from '../../query/repository.ts';
import { createEntity, defineWrite, updateEntity, type WriteDef } from '../../query/write.ts';
import type { Actor } from '../../plugins/actor.ts';
import { merchantOf } from './charge.repository.ts';
import { cardAddLinkEntity, paymentLinkEntity } from './link.entities.ts';
import { deactivateLink, type LinkKind } from './link.repository.ts';
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

const linkWrite = (kind: LinkKind, path: string, label: string) =>
  defineWrite({
    entity: LINK_ENTITY[kind],
    path,
    idPrefix: kind === 'payment' ? 'pl' : 'cal',
    label,
    audit: { entity: LINK_ENTITY[kind].table, type: `${kind}_link` },
    // The customer the link is for: one the link's owner (its payment profile's organisation) has.
    references: { customer: { entity: () => customerEntity, column: 'customer_id' } },
  });
const LINK_WRITE: Record<LinkKind, WriteDef> = {
  payment: linkWrite('payment', 'payment-link', 'Payment link'),
  card_add: linkWrite('card_add', 'card-add-link', 'Card-add link'),
};

/**
 * Creates a payment link or card-add link on a payment profile of the actor's own tenancy; the link
 * belongs to the profile's organisation, and its customer is checked in that organisation's scope.
 */
export const createLink = async (db: Db, actor: Actor, publicUrl: string, request: CreateLink) => {
  const { kind, body } = request;
  const expiresAt = expiryOf(body.expires_at);
  let profile: OwnedRow & { currency_code: string | null };
  const write: WriteDef = {
    ...LINK_WRITE[kind],
    owner: async (tx) => {
      profile = await getOwnedRow(tx, paymentProfileEntity, actor.scope, body.payment_profile, 'body.payment_profile', {
        columns: ['currency_code'],
      });
      const merchantId =
        profile.merchant_id ?? (await merchantOf(tx, profile.organisation_id)) ?? profile.organisation_id;
      return { organisationId: profile.organisation_id, merchantId };
    },
  };
  // The owner is the profile's, never a body field.
  return createEntity(db, actor, write, body as typeof body & { organisation?: undefined }, async () => {
    const currency = profile.currency_code ?? 'EUR';
    if (request.kind === 'payment' && request.body.currency !== undefined && request.body.currency !== currency) {
      throw badRequest('body.currency', `The currency must be the payment profile's currency, ${currency}`);
    }
    if (request.kind === 'payment') assertAmountCap(request.body.amount, currency);
    const token = randomBytes(18).toString('base64url');
    const amount = request.kind === 'payment' ? request.body.amount : null;
    const money = request.kind === 'payment' ? { amount, currency_code: currency } : {};
    return {
      values: {
        payment_profile_id: profile.id,
        customer_id: body.customer ?? null,
        token,
        url: `${publicUrl.replace(/\/$/, '')}/${LINK_PAGE[kind]}/${token}`,
        ...money,
        description: body.description ?? null,
        merchant_reference: body.merchant_reference ?? null,
        expires_at: expiresAt,
        created_by: actor.userId,
      },
      detail: { payment_profile: profile.id, amount, expires_at: expiresAt.toISOString() },
    };
  });
};

/** Switches a link off so its customer can no longer use it; a completed link cannot be. */
export const deactivate = (db: Db, actor: Actor, kind: LinkKind, id: string) =>
  updateEntity(
    db,
    actor,
    LINK_WRITE[kind],
    id,
    {},
    async ({ tx, row }) => {
      if (row.status === 'DONE') throw conflict('This link has been used already and cannot be deactivated');
      if (!row.active) return { unchanged: true };
      await deactivateLink(tx, kind, id);
      return {};
    },
    'deactivated',
  );
