import { Alert, Button, Card, Checkbox, Space, Table, Typography } from 'antd';
import { COMPARE_STATUSES, type TProcessorCompare } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Money } from '@/components/money.tsx';
import { ProcessorRevenueCards } from '@/components/statistics/processor-revenue-cards.tsx';
import { useChosenCurrency } from '@/components/statistics/get-statistics-currency.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useProcessorCompare } from '../api/get-processor-compare.ts';
import { useProcessors } from '../api/get-processors.ts';
import { PageTitle } from '@/components/page-title.tsx';

/** `dashboards/processor-statistics`: a revenue card per processor, last 24 hours against the 24 before. */
export const ProcessorStatisticsPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { currency } = useChosenCurrency(scope, null);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle>{t('statistics.processorStatisticsTitle')}</PageTitle>
      {currency && <ProcessorRevenueCards scope={scope} currency={currency} />}
    </Space>
  );
};

const MAX = 3;

type Row = { key: string; label: string; values: Record<string, React.ReactNode> };

const CompareTable = ({ ids, scope }: { ids: string[]; scope: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data = [], isLoading, error } = useProcessorCompare(ids, scope);
  const of = (fn: (p: TProcessorCompare) => React.ReactNode) => Object.fromEntries(data.map((p) => [p.id, fn(p)]));
  const rows: Row[] = [
    { key: 'count', label: t('statistics.count'), values: of((p) => format.number(p.transaction.count)) },
    {
      key: 'amount',
      label: t('statistics.revenue'),
      values: of((p) => <Money amount={p.transaction.amount} currency={p.transaction.currency_code} />),
    },
    {
      key: 'conversion',
      label: t('statistics.conversion'),
      values: of((p) => `${format.number(p.transaction.conversion, 1)} %`),
    },
    ...COMPARE_STATUSES.map((status) => ({
      key: status,
      label: t(`statuses.transaction.${status}`),
      values: of((p) => format.number(p.transaction.status[status] ?? 0)),
    })),
  ];
  if (error) {
    // A link naming 4 processors, or one that is not this organisation's: say so instead of an empty table.
    const message =
      error instanceof ApiError && error.status === 400
        ? t('statistics.compareTooMany', { count: ids.length })
        : error instanceof ApiError && error.status === 404
          ? t('statistics.compareUnknown')
          : t(`errors.${error instanceof ApiError ? error.code : 'unknown'}`, { defaultValue: error.message });
    return <Alert type="error" showIcon data-testid="compare-error" title={message} />;
  }
  return (
    <Card title={t('statistics.compareNote')}>
      <Table<Row>
        size="small"
        loading={isLoading}
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { key: 'label', title: '', render: (_, row) => row.label },
          ...data.map((p) => ({
            key: p.id,
            title: p.name,
            align: 'right' as const,
            render: (_: unknown, row: Row) => row.values[p.id],
          })),
        ]}
      />
    </Card>
  );
};

/** `insights/dashboards/processor-compare`: choose 2–3 processors; compare mode when `ids` is in the query (payments.md §4, §5). */
export const ProcessorComparePage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const [params, setParams] = useSearchParams();
  const { data: processors = [], isLoading } = useProcessors(scope);
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  // A link naming more than 3 processors preselects none (the compare below says why it cannot compare).
  const [chosen, setChosen] = useState<string[]>(ids.length <= MAX ? ids : []);
  // 1 to 3 processors: all are compared at once.
  if (!isLoading && ids.length === 0 && processors.length >= 1 && processors.length <= MAX) {
    return <Navigate to={`${pathname}?ids=${processors.map((p) => p.id).join(',')}`} replace />;
  }
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle>{t('statistics.processorCompareTitle')}</PageTitle>
      {processors.length > MAX && (
        <Card title={t('statistics.chooseProcessors')}>
          <Space orientation="vertical">
            {processors.map((p) => (
              <Checkbox
                key={p.id}
                checked={chosen.includes(p.id)}
                disabled={!chosen.includes(p.id) && chosen.length >= MAX}
                onChange={(event) =>
                  setChosen(event.target.checked ? [...chosen, p.id] : chosen.filter((id) => id !== p.id))
                }
              >
                {p.name}
              </Checkbox>
            ))}
            <Typography.Text type="secondary">{t('statistics.chooseHint')}</Typography.Text>
            <Button
              type="primary"
              disabled={chosen.length < 2 || chosen.length > MAX}
              onClick={() => setParams({ ids: chosen.join(',') })}
            >
              {t('statistics.compare')}
            </Button>
          </Space>
        </Card>
      )}
      {!isLoading && processors.length === 0 && <Alert type="info" title={t('statistics.noProcessors')} />}
      {ids.length > 0 && <CompareTable ids={ids} scope={scope} />}
    </Space>
  );
};
