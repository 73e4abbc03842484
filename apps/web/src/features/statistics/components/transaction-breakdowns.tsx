import { Col, Row } from 'antd';
import {
  statusVocabularies,
  TRANSACTION_OUTCOMES,
  type TClientRow,
  type TOutcomeRow,
  type TSchemeRow,
  type TransactionOutcome,
} from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/countries.ts';
import { useFormat } from '@/lib/use-format.ts';
import type { QueryParams } from '@/lib/api-client.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { Breakdown, type BreakdownRow } from './breakdown.tsx';

const share = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);
const KNOWN_STATUSES: readonly string[] = statusVocabularies.transaction.values;

/**
 * The transactions dashboard's breakdowns of the range (payments §7): payment schemes, outcomes,
 * platforms, browsers, card issuers and their countries. Each value opens the transactions list
 * it counts (`list` is that list's URL with the dashboard's range and currency).
 */
export const TransactionBreakdowns = ({
  params,
  scope,
  currency,
  list,
}: {
  params: QueryParams;
  scope: string;
  currency: string;
  list: (filter: string) => string;
}) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const schemes = useStatistics<TSchemeRow[]>('statistics/scheme', params, scope);
  const outcomes = useStatistics<TOutcomeRow[]>('statistics/outcome', params, scope);
  const platforms = useStatistics<TClientRow[]>('statistics/platform', params, scope);
  const browsers = useStatistics<TClientRow[]>('statistics/browser', params, scope);
  const issuers = useStatistics<TClientRow[]>('statistics/issuer', params, scope);
  const countries = useStatistics<TClientRow[]>('statistics/issuer/country', params, scope);

  const schemeCount = (schemes.data ?? []).reduce((sum, row) => sum + row.count, 0);
  const schemeRows: BreakdownRow[] = (schemes.data ?? []).map((row) => ({
    key: row.scheme,
    label:
      row.scheme === 'other' ? t('statistics.noCard') : t(`cardBrands.${row.scheme}`, { defaultValue: row.scheme }),
    count: row.count,
    volume: row.volume,
    share: share(row.count, schemeCount),
    href: row.scheme === 'other' ? undefined : list(`card_brand=${encodeURIComponent(row.scheme)}`),
  }));
  const outcomeRows: BreakdownRow[] = (outcomes.data ?? [])
    .filter((row) => row.count > 0)
    .map((row) => {
      const statuses =
        row.outcome in TRANSACTION_OUTCOMES
          ? TRANSACTION_OUTCOMES[row.outcome as TransactionOutcome].filter((s) => KNOWN_STATUSES.includes(s))
          : [];
      return {
        key: row.outcome,
        label: t(`statistics.outcomes.${row.outcome}`),
        count: row.count,
        volume: row.volume,
        share: row.count_percentage,
        href: statuses.length
          ? list(statuses.map((s) => `status%5B%5D=${encodeURIComponent(s)}`).join('&'))
          : undefined,
      };
    });
  const clientRows = (rows: TClientRow[] | undefined, field: string, label = (value: string) => value) =>
    (rows ?? []).map((row): BreakdownRow => ({
      key: row.value ?? '',
      label: row.value === null ? t('statistics.unknown') : label(row.value),
      count: row.count,
      volume: row.volume,
      share: row.count_percentage,
      href: row.value === null ? undefined : list(`${field}=${encodeURIComponent(row.value)}`),
    }));
  const cards: { key: string; title: string; rows: BreakdownRow[]; loading: boolean }[] = [
    { key: 'schemes', title: t('statistics.schemes'), rows: schemeRows, loading: schemes.isLoading },
    { key: 'outcomes', title: t('statistics.outcomesTitle'), rows: outcomeRows, loading: outcomes.isLoading },
    {
      key: 'platforms',
      title: t('statistics.platforms'),
      rows: clientRows(platforms.data, 'platform'),
      loading: platforms.isLoading,
    },
    {
      key: 'browsers',
      title: t('statistics.browsers'),
      rows: clientRows(browsers.data, 'browser'),
      loading: browsers.isLoading,
    },
    {
      key: 'issuers',
      title: t('statistics.issuers'),
      rows: clientRows(issuers.data, 'issuer'),
      loading: issuers.isLoading,
    },
    {
      key: 'issuerCountries',
      title: t('statistics.issuerCountries'),
      rows: clientRows(countries.data, 'issuer_country', (code) => countryName(code, language)),
      loading: countries.isLoading,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} xl={12}>
          <Breakdown title={card.title} rows={card.rows} currency={currency} loading={card.loading} />
        </Col>
      ))}
    </Row>
  );
};
