import type { SettlementFormat } from './format.ts';
import { sandboxFormat } from './sandbox.ts';
import { settlementDetailsFormat } from './settlement-details.ts';

export type { SettlementFormat, SettlementLine } from './format.ts';

/** The report layouts by `processor_settlement_type`. */
export const SETTLEMENT_FORMATS: Readonly<Record<string, SettlementFormat>> = {
  sandbox: sandboxFormat,
  settlement_details: settlementDetailsFormat,
};

/** A processor settlement's layout: its type's, or the sandbox acquirer's own for a type without one. */
export const formatOf = (type: string | null): SettlementFormat => (type && SETTLEMENT_FORMATS[type]) || sandboxFormat;
