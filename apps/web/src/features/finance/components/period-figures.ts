import type { TPeriodFigures } from '@kassa/domain';

export const ZERO_FIGURES: TPeriodFigures = {
  count: 0,
  captured_count: 0,
  captured_volume: 0,
  refund_count: 0,
  refund_volume: 0,
  chargeback_count: 0,
  chargeback_volume: 0,
};

/** The sum of several rows' figures. */
export const sumFigures = (rows: readonly TPeriodFigures[]): TPeriodFigures =>
  rows.reduce<TPeriodFigures>(
    (sum, row) => ({
      count: sum.count + row.count,
      captured_count: sum.captured_count + row.captured_count,
      captured_volume: sum.captured_volume + row.captured_volume,
      refund_count: sum.refund_count + row.refund_count,
      refund_volume: sum.refund_volume + row.refund_volume,
      chargeback_count: sum.chargeback_count + row.chargeback_count,
      chargeback_volume: sum.chargeback_volume + row.chargeback_volume,
    }),
    ZERO_FIGURES,
  );

/** What stays with the merchant before fees: captured volume minus processed refunds and lost chargebacks. */
export const netOf = (row: TPeriodFigures) => row.captured_volume - row.refund_volume - row.chargeback_volume;
