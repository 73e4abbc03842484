import { RFM_SEGMENTS, type TRfmRow } from '@kassa/domain';
import { Card, Col, Row, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { merchantContextOf, useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { SegmentsChart } from '../components/segments-chart.tsx';

const order = (segment: string) => {
  const index = (RFM_SEGMENTS as readonly string[]).indexOf(segment);
  return index === -1 ? RFM_SEGMENTS.length : index;
};

/** customers/rfm: customers in recency/frequency/monetary segments, what each does and what to do (payments.md §2). */
export const RfmPage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const base = merchantContextOf(pathname) ? (/^\/psp\/merchants\/[^/]+/.exec(pathname)?.[0] ?? '') : '';
  const { data = [], isLoading } = useStatistics<TRfmRow[]>('customer/aggregate/rfm', {}, scope);
  const rows = [...data].sort((x, y) => order(x.segment) - order(y.segment));
  const updated = data
    .map((row) => row.updated_at)
    .filter((value): value is string => Boolean(value))
    .sort()
    .at(-1);
  const score = (value: number | null) => (value === null ? '—' : format.number(value, 1));
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle>{t('rfm.title')}</PageTitle>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('rfm.method')}{' '}
        {updated && (
          <>
            {t('rfm.updated')} <DateTime value={updated} />.
          </>
        )}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Card title={t('rfm.tableTitle')}>
            <Table<TRfmRow>
              size="small"
              rowKey="segment"
              loading={isLoading}
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: t('statistics.noData') }}
              columns={[
                {
                  key: 'segment',
                  title: t('rfm.segment'),
                  render: (_, row) => (
                    <Link to={`${base}/customers?segment=${encodeURIComponent(row.segment)}`}>
                      {t(`customers.segments.${row.segment}`, { defaultValue: t('rfm.none') })}
                    </Link>
                  ),
                },
                {
                  key: 'activity',
                  title: t('rfm.activity'),
                  render: (_, row) => t(`rfm.activities.${row.segment}`, { defaultValue: t('rfm.activities.none') }),
                },
                {
                  key: 'tip',
                  title: t('rfm.tip'),
                  render: (_, row) => t(`rfm.tips.${row.segment}`, { defaultValue: t('rfm.tips.none') }),
                },
                {
                  key: 'count',
                  title: t('rfm.customers'),
                  align: 'right',
                  render: (_, row) => format.number(row.count),
                },
                {
                  key: 'share',
                  title: t('rfm.share'),
                  align: 'right',
                  render: (_, row) => `${format.number(row.percentage, 1)} %`,
                },
                {
                  key: 'scores',
                  title: t('rfm.scores'),
                  align: 'right',
                  render: (_, row) => (
                    <span
                      style={{ whiteSpace: 'nowrap' }}
                    >{`${score(row.recency)} / ${score(row.frequency)} / ${score(row.monetary)}`}</span>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <SegmentsChart rows={rows} />
        </Col>
      </Row>
    </Space>
  );
};
