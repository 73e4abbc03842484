import type { TReviewDashboard } from '@kassa/domain';
import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';

const MINUTE = 60_000;

/** How long ago, in the largest units that matter: "3 d 4 h", "2 h 5 min", "12 min". */
const useAge = () => {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes >= 48 * 60
      ? t('review.dashboard.daysHours', { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60) })
      : minutes >= 60
        ? t('review.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
        : t('review.minutes', { minutes });
};

/**
 * The review dashboard above the queue (issue 36): queue size, past their SLA, the oldest held
 * payment's age, decisions per reviewer of the last 30 days, and the chargeback rate of the
 * payments approved in them (decisions are labels: an approval later charged back was wrong).
 */
export const ReviewDashboard = ({ data }: { data: TReviewDashboard | undefined }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const age = useAge();
  const oldest = data?.oldest_pending_at
    ? age(Math.max(0, Math.round((Date.now() - Date.parse(data.oldest_pending_at)) / MINUTE)))
    : '—';
  const rate = data?.chargeback_rate;
  const numbers: [string, string, string?][] = [
    ['pending', format.number(data?.pending ?? 0)],
    ['overdue', format.number(data?.overdue ?? 0)],
    ['oldest', oldest],
    [
      'chargebackRate',
      rate === null || rate === undefined
        ? '—'
        : t('review.dashboard.percent', { value: format.number(rate * 100, 1) }),
      t('review.dashboard.chargebackRateOf', {
        count: data?.approved ?? 0,
        charged: format.number(data?.approved_charged_back ?? 0),
      }),
    ],
  ];
  return (
    <section aria-labelledby="review-dashboard-title" style={{ marginBottom: 16 }}>
      <Typography.Title level={2} id="review-dashboard-title" style={{ fontSize: 16 }}>
        {t('review.dashboard.title')}
      </Typography.Title>
      {data && !data.may_decide && (
        <Alert type="info" showIcon title={t('review.dashboard.providerReviews')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        {numbers.map(([key, value, note]) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Card size="small" loading={!data}>
              <Statistic title={t(`review.dashboard.${key}`)} value={value} />
              {note && <Typography.Text type="secondary">{note}</Typography.Text>}
            </Card>
          </Col>
        ))}
        <Col xs={24}>
          <Card size="small" title={t('review.dashboard.perReviewer')} loading={!data}>
            <Table
              size="small"
              pagination={false}
              rowKey={(row) => `${row.via}:${row.reviewer ?? ''}`}
              dataSource={data?.reviewers ?? []}
              locale={{ emptyText: t('review.dashboard.noDecisions') }}
              columns={[
                {
                  key: 'name',
                  title: t('review.dashboard.reviewer'),
                  render: (_, row) => (row.via === 'policy' ? t('review.byPolicy') : (row.name ?? '—')),
                },
                { key: 'approved', title: t('review.dashboard.approved'), align: 'right', dataIndex: 'approved' },
                { key: 'declined', title: t('review.dashboard.declined'), align: 'right', dataIndex: 'declined' },
                {
                  key: 'average',
                  title: t('review.dashboard.averageTime'),
                  align: 'right',
                  render: (_, row) => (row.average_minutes === null ? '—' : age(row.average_minutes)),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
};
