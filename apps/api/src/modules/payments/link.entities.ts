import { statusVocabularies, ZCardAddLinkRow, ZPaymentLinkRow } from '@kassa/domain';
import { defineEntity, type FieldDef } from '../../query/entity.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';
import { customerEntity } from './customer.entity.ts';
import { transactionEntity } from './transaction.entity.ts';

/**
 * Expiry is computed on read: a link still open (CREATED or INITIATED) past `expires_at` is
 * EXPIRED, in lists, filters, counts and exports alike, with no job that could lag behind.
 */
const OPEN = `e.status in ('CREATED', 'INITIATED')`;
const status = (values: readonly string[]): FieldDef => ({
  type: 'text',
  column: `(case when ${OPEN} and e.expires_at <= now() then 'EXPIRED' else e.status end)`,
  filter: true,
  sort: true,
  values,
});
/** Active means usable by the customer now: not deactivated, not expired, not completed. */
const active: FieldDef = { type: 'bool', column: `(e.active and ${OPEN} and e.expires_at > now())`, filter: true };

const common = {
  id: { type: 'id', filter: true, sort: true, search: 'exact' },
  created_at: { type: 'timestamp', filter: true, sort: true },
  updated_at: { type: 'timestamp', filter: true, sort: true },
  expires_at: { type: 'timestamp', filter: true, sort: true },
  description: { type: 'text', search: 'prefix' },
  merchant_reference: { type: 'text', filter: true, sort: true, search: 'prefix' },
  active,
  url: { type: 'text' },
  customer: { type: 'id', column: 'e.customer_id', filter: true, search: 'exact' },
  payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
  organisation: { type: 'id', column: 'e.organisation_id' },
  created_by: { type: 'id', column: 'e.created_by' },
} satisfies Record<string, FieldDef>;

export const paymentLinkEntity = defineEntity(ZPaymentLinkRow, {
  name: 'payment link',
  table: 'payment_link',
  moded: true,
  tenancy: 'merchant',
  fields: {
    ...common,
    status: status(statusVocabularies.paymentLink.values),
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true },
  },
  populate: {
    customer: { field: 'customer', target: () => customerEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    transaction: { field: 'transaction', target: () => transactionEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
  },
});

export const cardAddLinkEntity = defineEntity(ZCardAddLinkRow, {
  name: 'card-add link',
  moded: true,
  table: 'card_add_link',
  tenancy: 'merchant',
  fields: { ...common, status: status(statusVocabularies.cardAddLink.values) },
  populate: {
    customer: { field: 'customer', target: () => customerEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
  },
});
