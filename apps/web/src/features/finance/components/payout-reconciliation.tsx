import { Alert, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { RECONCILIATION_EXCEPTION_STATES } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money.tsx';
import { isProvider } from '@/lib/authorisation.ts';
import { useMe } from '@/lib/session.ts';
import { usePayoutReconciliation, type PayoutReconciliation as Reconciliation } from '../api/settlements.ts';

type Row = Reconciliation['exceptions'][number] | { id: 'unreported'; count: number; effect: number };

/**
 * A payout against the acquirer's money (issue 34 item 5): what the acquirer should pay in for the
 * payout's payments, refunds and chargebacks, what its settlement files paid in, and the
 * difference: €0.00, or the exceptions whose effects add up to it. A merchant reads the exceptions
 * about its own payments here, read-only.
 */
export const PayoutReconciliation = ({ settlementId, currency }: { settlementId: string; currency: string }) => {
  const { t } = useTranslation();
  const query = usePayoutReconciliation(settlementId);
  const { data: me } = useMe();
  const r = query.data;
  // The payout's exceptions in their list, in every state: provider staff's queue, a merchant's read-only list.
  const listPath = isProvider(me)
    ? `/psp/reconciliation/exceptions?settlement=${encodeURIComponent(settlementId)}&${RECONCILIATION_EXCEPTION_STATES.map((state) => `state[]=${state}`).join('&')}`
    : `/report/reconciliation-exceptions?settlement=${encodeURIComponent(settlementId)}`;
  const money = (amount: number) => <Money amount={amount} currency={currency} />;
  if (query.isError) return <Alert type="error" showIcon title={t('errors.unknown')} />;
  if (!r) return <Skeleton active />;
  const rows: Row[] = [
    ...r.exceptions,
    ...(r.unreported.count
      ? [{ id: 'unreported' as const, count: r.unreported.count, effect: r.unreported.effect }]
      : []),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="payout-reconciliation">
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          { key: 'expected', label: t('reconciliation.payout.expected'), children: money(r.expected) },
          { key: 'paid_in', label: t('reconciliation.payout.paidIn'), children: money(r.paid_in) },
          {
            key: 'difference',
            label: <strong>{t('reconciliation.payout.difference')}</strong>,
            children: (
              <Typography.Text strong data-testid="payout-difference">
                {money(r.difference)}
              </Typography.Text>
            ),
          },
          {
            key: 'counts',
            label: t('reconciliation.payout.items'),
            children: t('reconciliation.payout.counts', {
              matched: r.matched,
              deviating: r.deviating,
              unconfirmed: r.unconfirmed,
            }),
          },
          { key: 'expected_fee', label: t('reconciliation.payout.expectedFee'), children: money(r.expected_fee) },
          { key: 'actual_fee', label: t('reconciliation.payout.actualFee'), children: money(r.actual_fee) },
        ]}
      />
      {r.items > 0 && r.items === r.unreported.count ? (
        <Alert type="info" showIcon title={t('reconciliation.payout.noFile')} />
      ) : null}
      {r.difference === 0 && rows.length === 0 ? (
        <Alert type="success" showIcon title={t('reconciliation.payout.noDifference')} />
      ) : (
        <>
          <Alert
            type={r.difference === 0 ? 'info' : 'warning'}
            showIcon
            title={t(
              r.unreported.count ? 'reconciliation.payout.explainedWithUnreported' : 'reconciliation.payout.explained',
              { count: r.exceptions.length },
            )}
          />
          <Table<Row>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'kind',
                title: t('fields:reconciliationexception.kind'),
                render: (_, row) =>
                  'kind' in row ? t(`reconciliation.kinds.${row.kind}`) : t('reconciliation.payout.unreported'),
              },
              {
                key: 'reference',
                title: t('fields:reconciliationexception.merchant_reference'),
                render: (_, row) =>
                  'kind' in row
                    ? (row.merchant_reference ?? row.acquirer_reference ?? '—')
                    : t('reconciliation.payout.unreportedCount', { count: row.count }),
              },
              {
                key: 'state',
                title: t('fields:reconciliationexception.state'),
                render: (_, row) => ('kind' in row ? <Tag>{t(`reconciliation.states.${row.state}`)}</Tag> : '—'),
              },
              {
                key: 'effect',
                align: 'right',
                title: t('reconciliation.payout.effect'),
                render: (_, row) => money(row.effect),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  {t('reconciliation.total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span data-testid="payout-explained">{money(rows.reduce((sum, row) => sum + row.effect, 0))}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          {r.exceptions.length > 0 && <Link to={listPath}>{t('reconciliation.payout.showInList')}</Link>}
        </>
      )}
    </Space>
  );
};
