import { z } from 'zod';
import {
  PRICING_SCHEME_TYPES,
  SETTLEMENT_INTERVALS,
  SETTLEMENT_ITEM_KINDS,
  type TFeeRule,
} from '../schemas/finance.ts';
import { json, populated, ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';
import { ZBankAccount, ZOrganisation, ZSettlementRow } from './settings.ts';

/** A calendar day (`date` column) as `YYYY-MM-DD`. */
const ZDay = z.string();

export const ZPricingScheme = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    type: z.enum(PRICING_SCHEME_TYPES),
    name: z.string(),
    description: z.string().nullable(),
    currency_code: z.string(),
    active: z.boolean(),
    visible: z.boolean(),
    valid_from: ZDay.nullable(),
    valid_to: ZDay.nullable(),
    reserve_bp: z.number().int().nullable(),
    reserve_days: z.number().int().nullable(),
    rules: json<TFeeRule[]>('The fee rules of the scheme, checked when written'),
  })
  .meta({ id: 'PricingScheme' });
/** `GET /v1/pricing/{type}` rows (no relations to populate). */
export const ZPricingSchemeRow = ZPricingScheme;
export type TPricingSchemeRow = WireOf<typeof ZPricingSchemeRow>;

export const ZPackage = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    description: z.string().nullable(),
    active: z.boolean(),
    revenue_scheme: z.string().nullable(),
    cost_scheme: z.string().nullable(),
    reserve_scheme: z.string().nullable(),
    partner_scheme: z.string().nullable(),
  })
  .meta({ id: 'Package' });
/** `GET /v1/package` rows. */
export const ZPackageRow = ZPackage.extend({
  revenue_scheme: populated(ZPricingScheme).nullable(),
  cost_scheme: populated(ZPricingScheme).nullable(),
  reserve_scheme: populated(ZPricingScheme).nullable(),
  partner_scheme: populated(ZPricingScheme).nullable(),
}).meta({ id: 'PackageRow' });
export type TPackageRow = WireOf<typeof ZPackageRow>;

export const ZSettlementSchedule = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    interval: z.enum(SETTLEMENT_INTERVALS),
    payout_delay_days: z.number().int(),
    minimum_payout: ZMinorUnits,
    active: z.boolean(),
  })
  .meta({ id: 'SettlementSchedule' });
/** `GET /v1/settlementschedule` rows (no relations to populate). */
export const ZSettlementScheduleRow = ZSettlementSchedule;
export type TSettlementScheduleRow = WireOf<typeof ZSettlementScheduleRow>;

export const ZSettlementProfile = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    organisation: z.string(),
    package: z.string(),
    settlement_schedule: z.string(),
    bank_account: z.string(),
    currency_code: z.string(),
    effective_from: ZDay,
    active: z.boolean(),
  })
  .meta({ id: 'SettlementProfile' });
/** `GET /v1/settlementprofile` rows. */
export const ZSettlementProfileRow = ZSettlementProfile.extend({
  organisation: populated(ZOrganisation),
  package: populated(ZPackage),
  settlement_schedule: populated(ZSettlementSchedule),
  bank_account: populated(ZBankAccount),
}).meta({ id: 'SettlementProfileRow' });
export type TSettlementProfileRow = WireOf<typeof ZSettlementProfileRow>;

export const ZOneOff = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    organisation: z.string(),
    description: z.string(),
    amount: ZMinorUnits,
    currency_code: z.string(),
    effective_date: ZDay,
    status: z.enum(['OPEN', 'SETTLED']),
    settlement: z.string().nullable(),
  })
  .meta({ id: 'OneOff' });
/** `GET /v1/oneoff` rows. */
export const ZOneOffRow = ZOneOff.extend({ organisation: populated(ZOrganisation) }).meta({ id: 'OneOffRow' });
export type TOneOffRow = WireOf<typeof ZOneOffRow>;

/** One row of money in a settlement; ids are text (`sit_…`) made by the database. */
export const ZSettlementItem = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    settlement: z.string(),
    kind: z.enum(SETTLEMENT_ITEM_KINDS),
    source: z.string(),
    transaction: z.string().nullable(),
    payment_product: z.string().nullable(),
    card_brand: z.string().nullable(),
    amount: ZMinorUnits,
    fee: ZMinorUnits,
    net: ZMinorUnits,
    currency_code: z.string(),
  })
  .meta({ id: 'SettlementItem' });
/** `GET /v1/settlement/{id}/items` rows (no relations to populate). */
export const ZSettlementItemRow = ZSettlementItem;
export type TSettlementItemRow = WireOf<typeof ZSettlementItemRow>;

export const ZPayout = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    settlement: z.string(),
    bank_account: z.string(),
    amount: ZMinorUnits,
    currency_code: z.string(),
    status: z.enum(['SCHEDULED', 'PAID']),
    pay_date: ZDay,
    organisation: z.string(),
  })
  .meta({ id: 'Payout' });
/** `GET /v1/payout` rows. */
export const ZPayoutRow = ZPayout.extend({ bank_account: populated(ZBankAccount) }).meta({ id: 'PayoutRow' });
export type TPayoutRow = WireOf<typeof ZPayoutRow>;

/**
 * `GET /v1/settlement-report` rows: an engine settlement with its reconciliation against the
 * acquirers' settlement files (issue 34): its payments, refunds and chargebacks a file matched
 * exactly, those reported with a difference or not reported by any file, and the acquirer's fees on
 * its reported payments less those the cost scheme expects.
 */
export const ZSettlementReportRow = ZSettlementRow.extend({
  reconciled_matched: z.number().int(),
  reconciled_unmatched: z.number().int(),
  fee_deviation: ZMinorUnits,
}).meta({ id: 'SettlementReportRow' });
export type TSettlementReportRow = WireOf<typeof ZSettlementReportRow>;

/**
 * `GET /v1/psp/settlement-report` rows (provider staff only): an engine settlement with what its
 * payments cost the provider (cost scheme), the partner's commission (partner scheme) and the
 * provider's margin, fee − cost − commission. Merchants never see these three.
 */
export const ZPspSettlementRow = ZSettlementReportRow.extend({
  cost: ZMinorUnits,
  commission: ZMinorUnits,
  margin: ZMinorUnits,
}).meta({ id: 'PspSettlementRow' });
export type TPspSettlementRow = WireOf<typeof ZPspSettlementRow>;
