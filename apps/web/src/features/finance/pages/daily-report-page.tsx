import type { TDailyReportRow } from '@kassa/domain';
import { Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Money } from '@/components/money.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useDailyReport } from '../api/daily-report.ts';
import { useDayRange } from '../use-day-range.ts';

/** `report/daily`: transactions per day from the rollups, the range in the URL, with totals that are the sum of the days. */
export const DailyReportPage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { from, to, onRange } = useDayRange();
  const report = useDailyReport(from, to, scope);
  const rows = report.data ?? [];
  const currencies = [...new Set(rows.map((row) => row.currency_code))];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('finance.daily.title')}</PageTitle>
      <Card size="small">
        <DatePicker.RangePicker
          aria-label={t('finance.daily.day')}
          value={[dayjs(from), dayjs(to)]}
          format={format.language === 'nl' ? 'DD-MM-YYYY' : 'MM/DD/YYYY'}
          onChange={(range) => onRange(range as [Dayjs | null, Dayjs | null] | null)}
          allowClear={false}
        />
      </Card>
      <Table<TDailyReportRow>
        size="small"
        loading={report.isPending}
        rowKey={(row) => `${row.day}:${row.currency_code}`}
        dataSource={rows}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        columns={[
          { key: 'day', title: t('finance.daily.day'), render: (_, row) => format.date(`${row.day}T12:00:00Z`) },
          {
            key: 'count',
            title: t('finance.daily.count'),
            align: 'right',
            render: (_, row) => format.number(row.count),
          },
          {
            key: 'captured_count',
            title: t('finance.daily.captured'),
            align: 'right',
            render: (_, row) => format.number(row.captured_count),
          },
          {
            key: 'captured_volume',
            title: t('finance.daily.volume'),
            align: 'right',
            render: (_, row) => <Money amount={row.captured_volume} currency={row.currency_code} />,
          },
        ]}
        summary={() =>
          currencies.map((currency) => {
            const of = rows.filter((row) => row.currency_code === currency);
            return (
              <Table.Summary.Row key={currency}>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('finance.daily.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {format.number(of.reduce((sum, row) => sum + row.count, 0))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {format.number(of.reduce((sum, row) => sum + row.captured_count, 0))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>
                    <Money amount={of.reduce((sum, row) => sum + row.captured_volume, 0)} currency={currency} />
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            );
          })
        }
      />
    </Space>
  );
};
