import {
  PRICING_SCHEME_TYPES,
  SETTLEMENT_INTERVALS,
  SETTLEMENT_ITEM_KINDS,
  type PricingSchemeType,
  ZOneOffRow,
  ZPackageRow,
  ZPayoutRow,
  ZPricingSchemeRow,
  ZPspSettlementRow,
  ZSettlementItemRow,
  ZSettlementProfileRow,
  ZSettlementReportRow,
  ZSettlementScheduleRow,
} from '@kassa/domain';
import { sql } from '../../plugins/db/index.ts';
import { defineEntity, type EntityDef } from '../../query/entity.ts';
import { bankAccountEntity } from '../finance-settings/bank-account.entity.ts';
import { organisationEntity, settlementEntity } from '../settings/settings.entities.ts';

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** Pricing schemes are the provider's own: every holder of a pricing role reads them all. */
export const pricingSchemeEntity = defineEntity(ZPricingSchemeRow, {
  name: 'pricing_scheme',
  table: 'pricing_scheme',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    type: { type: 'text', filter: true, values: PRICING_SCHEME_TYPES },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    description: { type: 'text' },
    currency_code: { type: 'text', filter: true, sort: true },
    active: { type: 'bool', filter: true, sort: true },
    visible: { type: 'bool', filter: true },
    valid_from: { type: 'text', column: day('e.valid_from'), sort: true },
    valid_to: { type: 'text', column: day('e.valid_to'), sort: true },
    reserve_bp: { type: 'int', sort: true },
    reserve_days: { type: 'int' },
    rules: { type: 'json' },
  },
});

/** The read entity of one scheme type: `pricing/{type}` lists only its own. */
export const pricingSchemeEntityOf = (type: PricingSchemeType): EntityDef<typeof ZPricingSchemeRow> => ({
  ...pricingSchemeEntity,
  baseCondition: sql`e.type = ${type}`,
});

const schemeRef = (field: string) => ({ field, target: () => pricingSchemeEntity });

export const packageEntity = defineEntity(ZPackageRow, {
  name: 'package',
  table: 'finance_package',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    description: { type: 'text' },
    active: { type: 'bool', filter: true, sort: true },
    revenue_scheme: { type: 'id', column: 'e.revenue_scheme_id', filter: true },
    cost_scheme: { type: 'id', column: 'e.cost_scheme_id', filter: true },
    reserve_scheme: { type: 'id', column: 'e.reserve_scheme_id', filter: true },
    partner_scheme: { type: 'id', column: 'e.partner_scheme_id', filter: true },
  },
  populate: {
    revenue_scheme: schemeRef('revenue_scheme'),
    cost_scheme: schemeRef('cost_scheme'),
    reserve_scheme: schemeRef('reserve_scheme'),
    partner_scheme: schemeRef('partner_scheme'),
  },
});

export const settlementScheduleEntity = defineEntity(ZSettlementScheduleRow, {
  name: 'settlement_schedule',
  table: 'settlement_schedule',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    interval: { type: 'text', filter: true, sort: true, values: SETTLEMENT_INTERVALS },
    payout_delay_days: { type: 'int', sort: true },
    minimum_payout: { type: 'int', sort: true },
    active: { type: 'bool', filter: true, sort: true },
  },
});

export const settlementProfileEntity = defineEntity(ZSettlementProfileRow, {
  name: 'settlement_profile',
  table: 'settlement_profile',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id', filter: true },
    package: { type: 'id', column: 'e.package_id', filter: true },
    settlement_schedule: { type: 'id', column: 'e.settlement_schedule_id', filter: true },
    bank_account: { type: 'id', column: 'e.bank_account_id', filter: true },
    currency_code: { type: 'text', filter: true, sort: true },
    effective_from: { type: 'text', column: day('e.effective_from'), sort: true },
    active: { type: 'bool', filter: true, sort: true },
  },
  populate: {
    organisation: { field: 'organisation', target: () => organisationEntity },
    package: { field: 'package', target: () => packageEntity },
    settlement_schedule: { field: 'settlement_schedule', target: () => settlementScheduleEntity },
    bank_account: { field: 'bank_account', target: () => bankAccountEntity },
  },
});

export const oneOffEntity = defineEntity(ZOneOffRow, {
  name: 'one_off',
  table: 'one_off',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id', filter: true },
    description: { type: 'text', search: 'prefix' },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true, sort: true },
    effective_date: { type: 'text', column: day('e.effective_date'), sort: true },
    status: { type: 'text', filter: true, values: ['OPEN', 'SETTLED'] },
    settlement: { type: 'id', column: 'e.settlement_id', filter: true },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});

/** One row of money in a settlement, traceable to the transaction, refund, chargeback or one-off it came from. */
export const settlementItemEntity = defineEntity(ZSettlementItemRow, {
  name: 'settlement_item',
  table: 'settlement_item',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true },
    created_at: { type: 'timestamp', filter: true, sort: true },
    settlement: { type: 'id', column: 'e.settlement_id', filter: true },
    kind: { type: 'text', filter: true, sort: true, values: SETTLEMENT_ITEM_KINDS },
    source: { type: 'id', column: 'e.source_id', filter: true, search: 'exact' },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true },
    payment_product: { type: 'text', filter: true, sort: true },
    card_brand: { type: 'text', filter: true },
    amount: { type: 'int', filter: true, sort: true },
    fee: { type: 'int', sort: true },
    net: { type: 'int', column: '(e.amount - e.fee)', sort: true },
    currency_code: { type: 'text' },
  },
});

export const payoutEntity = defineEntity(ZPayoutRow, {
  name: 'payout',
  moded: true,
  table: 'payout',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    settlement: { type: 'id', column: 'e.settlement_id', filter: true },
    bank_account: { type: 'id', column: 'e.bank_account_id', filter: true },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    status: { type: 'text', filter: true, values: ['SCHEDULED', 'PAID'] },
    pay_date: { type: 'text', column: day('e.pay_date'), sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { bank_account: { field: 'bank_account', target: () => bankAccountEntity } },
});

/** Settlements made by the settlement engine (the report's rows); older generator rows stay readable at `settlement`. */
const MONEY_ITEMS = `from settlement_item i where i.settlement_id = e.id and i.kind in ('payment', 'refund', 'chargeback')`;
/** An item a settlement file matched exactly: reported (by a line naming it) and no line of it with a difference. */
const MATCHED = `(exists (select 1 from settlement_line l where l.matched_id = i.source_id)
  and not exists (select 1 from settlement_line l where l.matched_id = i.source_id and l.outcome <> 'matched'))`;

export const settlementReportEntity: EntityDef<typeof ZSettlementReportRow> = {
  ...settlementEntity,
  row: ZSettlementReportRow,
  name: 'settlement_report',
  baseCondition: sql`e.settlement_profile_id is not null`,
  fields: {
    ...settlementEntity.fields,
    // The settlement against the acquirers' files (issue 34, modules/reconciliation/payout.repository.ts counts the same).
    reconciled_matched: { type: 'int', column: `(select count(*)::int ${MONEY_ITEMS} and ${MATCHED})` },
    reconciled_unmatched: { type: 'int', column: `(select count(*)::int ${MONEY_ITEMS} and not ${MATCHED})` },
    fee_deviation: {
      type: 'int',
      column: `(select coalesce(sum(l.interchange + l.scheme_fee + l.markup - l.expected_fee), 0)::bigint
        from settlement_item i join settlement_line l on l.matched_id = i.source_id where i.settlement_id = e.id and i.kind = 'payment')`,
    },
  },
};

/** The provider's settlement report: the same rows with the settlement's cost, partner commission and margin (provider roles only). */
export const pspSettlementReportEntity: EntityDef<typeof ZPspSettlementRow> = {
  ...settlementReportEntity,
  row: ZPspSettlementRow,
  fields: {
    ...settlementReportEntity.fields,
    cost: { type: 'int', sort: true },
    commission: { type: 'int', sort: true },
    margin: { type: 'int', column: '(e.fee - e.cost - e.commission)', filter: true, sort: true },
  },
};
