import { PROVIDER_REPORT_MAX, type ProviderReportCategory, type TPeriodFigures } from '@kassa/domain';
import { Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '@/components/money.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useFormat } from '@/lib/use-format.ts';
import { useProviderReport } from '../api/provider-report.ts';
import { netOf, sumFigures } from '../components/period-figures.ts';

type Row = TPeriodFigures & { key: string; period: string; currency_code: string; merchant?: string; children?: Row[] };

const shapes = {
  daily: { from: 'day>', to: 'day<', pattern: /^\d{4}-\d{2}-\d{2}$/, unit: 'day', storage: 'YYYY-MM-DD', back: 27 },
  monthly: { from: 'month>', to: 'month<', pattern: /^\d{4}-\d{2}$/, unit: 'month', storage: 'YYYY-MM', back: 11 },
} as const;

/** Periods with their merchants below them, newest first; a period row is the sum of its merchants. */
const treeOf = (rows: ReturnType<typeof useProviderReport>['data']): Row[] => {
  const periods = new Map<string, Row[]>();
  for (const row of rows ?? []) {
    const key = `${row.period}|${row.currency_code}`;
    periods.set(key, [
      ...(periods.get(key) ?? []),
      { ...row, key: `${key}|${row.merchant.id}`, merchant: row.merchant.name },
    ]);
  }
  return [...periods].map(([key, children]) => {
    const [period, currency_code] = key.split('|');
    return { key, period, currency_code, ...sumFigures(children), children };
  });
};

/** The provider's reports/daily and reports/monthly (payments.md §2): one screen, the category picks days or months. */
const ProviderReport = ({ category }: { category: ProviderReportCategory }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const shape = shapes[category];
  const [params, setParams] = useSearchParams();
  const valid = (value: string | null): value is string =>
    Boolean(value && shape.pattern.test(value) && dayjs(value).isValid());
  const to = valid(params.get(shape.to)) ? (params.get(shape.to) as string) : dayjs().format(shape.storage);
  const from = valid(params.get(shape.from))
    ? (params.get(shape.from) as string)
    : dayjs(to).subtract(shape.back, shape.unit).format(shape.storage);
  const merchant = params.get('merchant') ?? undefined;
  const report = useProviderReport(category, { [shape.from]: from, [shape.to]: to, organisation: merchant });
  const tree = useMemo(() => treeOf(report.data), [report.data]);
  const currencies = [...new Set(tree.map((row) => row.currency_code))];
  const periodLabel = (period: string) =>
    category === 'daily'
      ? format.date(`${period}T12:00:00Z`)
      : dayjs(`${period}-01`)
          .locale(format.language === 'nl' ? 'nl' : 'en')
          .format('MMMM YYYY');
  const update = (next: Record<string, string | undefined>) => {
    const merged = { ...Object.fromEntries(params), ...next };
    setParams(
      Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    );
  };
  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return;
    update({ [shape.from]: range[0].format(shape.storage), [shape.to]: range[1].format(shape.storage) });
  };
  const figure = (render: (row: Row) => ReactNode) => (_: unknown, row: Row) => render(row);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t(category === 'daily' ? 'nav.items.pspReportsDaily' : 'nav.items.pspReportsMonthly')}</PageTitle>
      <Card size="small">
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={t('periodReports.range')}
            picker={category === 'daily' ? 'date' : 'month'}
            value={[dayjs(from), dayjs(to)]}
            format={
              category === 'daily'
                ? format.language === 'nl'
                  ? 'DD-MM-YYYY'
                  : 'MM/DD/YYYY'
                : format.language === 'nl'
                  ? 'MM-YYYY'
                  : 'MM/YYYY'
            }
            disabledDate={(current, info) =>
              Boolean(info.from && Math.abs(current.diff(info.from, shape.unit)) >= PROVIDER_REPORT_MAX[category])
            }
            onChange={(range) => onRange(range as [Dayjs | null, Dayjs | null] | null)}
            allowClear={false}
          />
          <OrganisationPicker
            aria-label={t('periodReports.merchant')}
            placeholder={t('periodReports.allMerchants')}
            filter={(org) => org.type === 'merchant'}
            allowClear
            value={merchant}
            onChange={(value) => update({ merchant: value ?? undefined })}
            style={{ minWidth: 240 }}
          />
        </Space>
      </Card>
      <ServerErrorAlert message={report.isError ? report.error.message : null} />
      <Table<Row>
        size="small"
        loading={report.isPending}
        dataSource={tree}
        pagination={{ pageSize: category === 'daily' ? 31 : 12, hideOnSinglePage: true }}
        locale={{ emptyText: t('periodReports.empty') }}
        expandable={{ expandRowByClick: true }}
        columns={[
          {
            key: 'period',
            title: t(category === 'daily' ? 'periodReports.day' : 'periodReports.month'),
            render: figure(
              (row) => row.merchant ?? <Typography.Text strong>{periodLabel(row.period)}</Typography.Text>,
            ),
          },
          { key: 'currency', title: t('periodReports.currency'), render: figure((row) => row.currency_code) },
          {
            key: 'count',
            title: t('periodReports.transactions'),
            align: 'right',
            render: figure((row) => format.number(row.count)),
          },
          {
            key: 'captured_count',
            title: t('periodReports.captured'),
            align: 'right',
            render: figure((row) => format.number(row.captured_count)),
          },
          {
            key: 'captured_volume',
            title: t('periodReports.capturedVolume'),
            align: 'right',
            render: figure((row) => <Money amount={row.captured_volume} currency={row.currency_code} />),
          },
          {
            key: 'refunds',
            title: t('periodReports.refunds'),
            align: 'right',
            render: figure((row) => <Money amount={row.refund_volume} currency={row.currency_code} />),
          },
          {
            key: 'chargebacks',
            title: t('periodReports.chargebacks'),
            align: 'right',
            render: figure((row) => <Money amount={row.chargeback_volume} currency={row.currency_code} />),
          },
          {
            key: 'net',
            title: t('periodReports.net'),
            align: 'right',
            render: figure((row) => <Money amount={netOf(row)} currency={row.currency_code} />),
          },
        ]}
        summary={() =>
          currencies.map((currency) => {
            const total = sumFigures(tree.filter((row) => row.currency_code === currency));
            const cells = [
              currency,
              format.number(total.count),
              format.number(total.captured_count),
              <Money key="v" amount={total.captured_volume} currency={currency} />,
              <Money key="r" amount={total.refund_volume} currency={currency} />,
              <Money key="c" amount={total.chargeback_volume} currency={currency} />,
              <Money key="n" amount={netOf(total)} currency={currency} />,
            ];
            return (
              <Table.Summary.Row key={currency} data-testid={`total-${currency}`}>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('periodReports.total')}</Typography.Text>
                </Table.Summary.Cell>
                {cells.map((cell, index) => (
                  <Table.Summary.Cell key={index} index={index + 1} align="right">
                    <Typography.Text strong>{cell}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            );
          })
        }
      />
    </Space>
  );
};

export const PspDailyReportPage = () => <ProviderReport category="daily" />;
export const PspMonthlyReportPage = () => <ProviderReport category="monthly" />;
