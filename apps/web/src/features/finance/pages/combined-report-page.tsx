import type { TCombinedCurrency, TPeriodFigures } from '@kassa/domain';
import { Alert, Card, DatePicker, Descriptions, Empty, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Money } from '@/components/money.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useCombinedReport } from '../api/combined-report.ts';
import { netOf } from '../components/period-figures.ts';
import { useDayRange } from '../use-day-range.ts';

/** What was processed in one currency, in total and per payment product. */
const Processed = ({ currency }: { currency: TCombinedCurrency }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => <Money amount={amount} currency={currency.currency_code} />;
  const totals = currency.totals;
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('combinedReport.processed', { currency: currency.currency_code })}
        </Typography.Title>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'count', label: t('periodReports.transactions'), children: format.number(totals.count) },
          { key: 'captured', label: t('periodReports.captured'), children: format.number(totals.captured_count) },
          { key: 'volume', label: t('periodReports.capturedVolume'), children: money(totals.captured_volume) },
          {
            key: 'refunds',
            label: t('combinedReport.refunds', { count: totals.refund_count }),
            children: money(totals.refund_volume),
          },
          {
            key: 'chargebacks',
            label: t('combinedReport.chargebacks', { count: totals.chargeback_count }),
            children: money(totals.chargeback_volume),
          },
          {
            key: 'net',
            label: t('periodReports.net'),
            children: <Typography.Text strong>{money(netOf(totals))}</Typography.Text>,
          },
        ]}
      />
      <Table<TPeriodFigures & { payment_product: string }>
        size="small"
        rowKey="payment_product"
        dataSource={currency.products}
        pagination={false}
        columns={[
          {
            key: 'product',
            title: t('combinedReport.paymentProduct'),
            render: (_, row) => t(`paymentProducts.${row.payment_product}`, { defaultValue: row.payment_product }),
          },
          {
            key: 'count',
            title: t('periodReports.transactions'),
            align: 'right',
            render: (_, row) => format.number(row.count),
          },
          {
            key: 'captured',
            title: t('periodReports.captured'),
            align: 'right',
            render: (_, row) => format.number(row.captured_count),
          },
          {
            key: 'volume',
            title: t('periodReports.capturedVolume'),
            align: 'right',
            render: (_, row) => money(row.captured_volume),
          },
          {
            key: 'refunds',
            title: t('periodReports.refunds'),
            align: 'right',
            render: (_, row) => money(row.refund_volume),
          },
          {
            key: 'chargebacks',
            title: t('periodReports.chargebacks'),
            align: 'right',
            render: (_, row) => money(row.chargeback_volume),
          },
          { key: 'net', title: t('periodReports.net'), align: 'right', render: (_, row) => money(netOf(row)) },
        ]}
      />
    </Card>
  );
};

/** The settlements of the range in one currency: their parts add up to the settled amount. */
const Settled = ({ currency }: { currency: TCombinedCurrency }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const s = currency.settlement;
  if (!s) return null;
  const money = (amount: number) => <Money amount={amount} currency={currency.currency_code} />;
  const out = (amount: number) => money(amount === 0 ? 0 : -amount);
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('combinedReport.settled', { currency: currency.currency_code })}
        </Typography.Title>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'count', label: t('combinedReport.settlements'), children: format.number(s.count) },
          {
            key: 'transactions',
            label: t('combinedReport.settledPayments'),
            children: format.number(s.transaction_count),
          },
          { key: 'gross', label: t('combinedReport.gross'), children: money(s.gross) },
          {
            key: 'refunded',
            label: t('combinedReport.refundedAndChargebacks'),
            children: out(s.refunded + s.chargebacks),
          },
          { key: 'fee', label: t('combinedReport.fees'), children: out(s.fee) },
          { key: 'reserve', label: t('combinedReport.reserve'), children: out(s.reserve) },
          { key: 'one_offs', label: t('combinedReport.oneOffs'), children: money(s.one_offs) },
          {
            key: 'amount',
            label: t('combinedReport.amount'),
            children: <Typography.Text strong>{money(s.amount)}</Typography.Text>,
          },
          { key: 'paid_out', label: t('combinedReport.paidOut'), children: money(s.paid_out) },
        ]}
      />
    </Card>
  );
};

/** `report` (payments.md §2): what was processed and what was settled in one range, per currency. */
export const CombinedReportPage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { from, to, onRange } = useDayRange();
  const report = useCombinedReport(from, to, scope);
  const currencies = report.data?.currencies ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('nav.descriptions.report')}</PageTitle>
      <Card size="small">
        <DatePicker.RangePicker
          aria-label={t('periodReports.range')}
          value={[dayjs(from), dayjs(to)]}
          format={format.language === 'nl' ? 'DD-MM-YYYY' : 'MM/DD/YYYY'}
          disabledDate={(current, info) => Boolean(info.from && Math.abs(current.diff(info.from, 'day')) >= 366)}
          onChange={(range) => onRange(range as [Dayjs | null, Dayjs | null] | null)}
          allowClear={false}
        />
      </Card>
      <ServerErrorAlert message={report.isError ? report.error.message : null} />
      {report.data && !report.data.collecting && (
        <Alert type="info" showIcon title={t('combinedReport.noCollecting')} />
      )}
      {report.isPending && <Card loading size="small" />}
      {report.data && currencies.length === 0 && <Empty description={t('periodReports.empty')} />}
      {currencies.map((currency) => (
        <Space
          key={currency.currency_code}
          direction="vertical"
          size="middle"
          style={{ width: '100%' }}
          data-testid={`combined-${currency.currency_code}`}
        >
          <Processed currency={currency} />
          <Settled currency={currency} />
        </Space>
      ))}
    </Space>
  );
};
