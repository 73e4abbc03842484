import type {
  SettlementItemKind,
  TOneOffRow,
  TPackageRow,
  TPayoutRow,
  TPricingSchemeRow,
  TPspSettlementRow,
  TSettlementItemRow,
  TSettlementProfileRow,
  TSettlementReportRow,
  TSettlementScheduleRow,
} from '@kassa/domain';

/** Rows as the finance API answers them (`GET /v1/pricing/{type}`, `/v1/package`, …). */
export type PricingSchemeRow = TPricingSchemeRow;
export type PackageRow = TPackageRow;
export type SettlementScheduleRow = TSettlementScheduleRow;
export type SettlementProfileRow = TSettlementProfileRow;
export type OneOffRow = TOneOffRow;
/** A settlement report row: the settlement with its reconciliation against the acquirers' files (issue 34). */
export type SettlementRow = TSettlementReportRow;
/** The provider's view of a settlement: with cost, partner commission and margin. */
export type PspSettlementRow = TPspSettlementRow;
export type PayoutRow = TPayoutRow;

export type SettlementLine = {
  kind: SettlementItemKind;
  payment_product: string | null;
  count: number;
  amount: number;
  fee: number;
  net: number;
};

export type SettlementItemRow = TSettlementItemRow;
