import type { TCardAddPage } from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { sandboxAuthorise, sandboxCard } from '../payments/sandbox-processor.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { loadCardAddPage, setCardAddStatus, type CardAddPageRow } from './card-add-page.repository.ts';
import { designOf } from './hosted-checkout.service.ts';

const stateOf = (row: CardAddPageRow): TCardAddPage['state'] => {
  if (row.status === 'DONE') return 'added';
  if (!row.active || row.status === 'CANCELLED') return 'inactive';
  if (row.status === 'EXPIRED' || row.expires_at.getTime() <= Date.now()) return 'expired';
  return 'open';
};

const pageOf = (row: CardAddPageRow): TCardAddPage => ({
  state: stateOf(row),
  merchant_name: row.merchant_name,
  merchant_reference: row.merchant_reference,
  description: row.description,
  expires_at: row.expires_at.toISOString(),
  card_brand: row.status === 'DONE' ? row.card_brand : null,
  card_last4: row.status === 'DONE' ? row.card_last4 : null,
  // INITIATED: a card was tried and the issuer refused it.
  refused: row.status === 'INITIATED',
  design: designOf(row),
});

const isWellFormed = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

/** The public page of a card-add link; an unknown token is a 404. */
export const getCardAddPage = async (db: Queryable, token: string): Promise<TCardAddPage> => {
  const row = isWellFormed(token) ? await loadCardAddPage(db, token) : undefined;
  if (!row) throw notFound('Card-add link');
  return pageOf(row);
};

const CUSTOMER = { userName: 'Customer (card-add link)', authentication: 'none' as const };

/**
 * The customer adds a card on a card-add link's page. The sandbox issuer verifies it as a
 * zero-amount authorisation answers (the documented test cards decide); verified → DONE with the
 * card's brand, BIN and last four (never the number); refused → INITIATED, open for another card.
 * In one database transaction under the link's row lock, with its audit entry and, when the
 * status changed, its `cardlink.updated` webhook: two clicks never add twice or notify twice.
 * A link that is done, cancelled or expired answers its page and changes nothing (an expired one
 * is marked EXPIRED once, with its webhook).
 */
export const addCard = async (db: Db, token: string, cardNumber: string): Promise<TCardAddPage> => {
  if (!isWellFormed(token)) throw notFound('Card-add link');
  return db.transaction(async (tx) => {
    const link = await loadCardAddPage(tx, token, true);
    if (!link) throw notFound('Card-add link');
    const state = stateOf(link);
    if (state === 'expired' && link.status !== 'EXPIRED') {
      await setCardAddStatus(tx, link.id, 'EXPIRED');
      await notifyItem(tx, 'cardlink', link.id, 'cardlink.updated');
    }
    if (state !== 'open') return pageOf((await loadCardAddPage(tx, token))!);
    const answer = await sandboxAuthorise({
      amount: 0,
      productType: 'card',
      customerStatus: link.customer_status,
      cardNumber,
    });
    const added = answer.status === 'SETTLEMENT_REQUESTED';
    const status = added ? 'DONE' : 'INITIATED';
    await setCardAddStatus(tx, link.id, status, added ? sandboxCard('card', cardNumber) : null);
    if (status !== link.status) await notifyItem(tx, 'cardlink', link.id, 'cardlink.updated');
    await recordAudit(tx, {
      ...CUSTOMER,
      organisationId: link.organisation_id,
      type: added ? 'card_added' : 'card_add_refused',
      responseCode: 200,
      entity: 'card_add_link',
      entityId: link.id,
      detail: { status, reason: answer.reason, code: answer.code },
    });
    return pageOf((await loadCardAddPage(tx, token))!);
  });
};
