import { Card, Col, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money.tsx';
import { useFormat } from '@/lib/use-format.ts';
import { useReconciliationDashboard, type ReconciliationDashboardData } from '../api/reconciliation.ts';

const AGES = ['0-2', '3-7', '8-30', '31+'] as const;
type KindRow = { kind: string } & Record<(typeof AGES)[number], number> & { amount: number };

/**
 * The reconciliation dashboard (issue 34 item 6): per processor
 * settlement and settlement day the match rate and the acquirer's fees against the cost scheme
 * (what the margin gained or lost), and the open exceptions by kind and age. Live files of the
 * last 14 days; euro amounts (the sandbox acquirers settle in EUR).
 */
export const ReconciliationDashboard = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useReconciliationDashboard();
  const data = query.data;
  const kinds = new Map<string, KindRow>();
  for (const row of data?.open_by_kind ?? []) {
    const entry = kinds.get(row.kind) ?? { kind: row.kind, '0-2': 0, '3-7': 0, '8-30': 0, '31+': 0, amount: 0 };
    entry[row.age] += row.count;
    entry.amount += row.amount_difference;
    kinds.set(row.kind, entry);
  }
  const money = (amount: number) => <Money amount={amount} currency="EUR" />;
  return (
    <section aria-labelledby="reconciliation-dashboard-title" style={{ marginBottom: 16 }}>
      <Typography.Title level={2} id="reconciliation-dashboard-title" style={{ fontSize: 16 }}>
        {t('reconciliation.dashboard.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('reconciliation.dashboard.matchRate')} loading={!data}>
            <Table<ReconciliationDashboardData['match_rate'][number]>
              size="small"
              data-testid="reconciliation-match-rate"
              rowKey={(row) => `${row.processor_settlement}:${row.day}`}
              dataSource={data?.match_rate ?? []}
              pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: t('reconciliation.dashboard.noFiles') }}
              columns={[
                {
                  key: 'day',
                  title: t('reconciliation.dashboard.day'),
                  render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{format.date(row.day)}</span>,
                },
                { key: 'name', title: t('reconciliation.dashboard.processor'), dataIndex: 'name' },
                {
                  key: 'rate',
                  align: 'right',
                  title: t('reconciliation.dashboard.rate'),
                  render: (_, row) =>
                    t('reconciliation.dashboard.rateOf', {
                      rate: format.number(row.rate * 100, 1),
                      matched: format.number(row.matched),
                      lines: format.number(row.lines),
                    }),
                },
                {
                  key: 'expected_fee',
                  align: 'right',
                  title: t('reconciliation.dashboard.expectedFee'),
                  render: (_, row) => money(row.expected_fee),
                },
                {
                  key: 'actual_fee',
                  align: 'right',
                  title: t('reconciliation.dashboard.actualFee'),
                  render: (_, row) => money(row.actual_fee),
                },
                {
                  key: 'fee_deviation',
                  align: 'right',
                  title: t('reconciliation.dashboard.feeDeviation'),
                  render: (_, row) => money(row.fee_deviation),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('reconciliation.dashboard.openByKind')} loading={!data}>
            <Table<KindRow>
              size="small"
              rowKey="kind"
              pagination={false}
              dataSource={[...kinds.values()]}
              locale={{ emptyText: t('reconciliation.noExceptions') }}
              columns={[
                {
                  key: 'kind',
                  title: t('fields:reconciliationexception.kind'),
                  render: (_, row) => t(`reconciliation.kinds.${row.kind}`),
                },
                ...AGES.map((age) => ({
                  key: age,
                  align: 'right' as const,
                  title: t('reconciliation.dashboard.ageDays', { age }),
                  render: (_: unknown, row: KindRow) => format.number(row[age]),
                })),
                {
                  key: 'amount',
                  align: 'right',
                  title: t('fields:reconciliationexception.amount_difference'),
                  render: (_, row) => money(row.amount),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
};
