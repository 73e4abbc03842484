import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { useFormat } from '@/lib/use-format.ts';
import type { BacktestResult } from '../api/types.ts';

type Reviews = NonNullable<BacktestResult['reviews']>;

/** A review ruleset's labels: how the payments the draft would have held were decided when they were held. */
const ReviewLabels = ({ reviews }: { reviews: Reviews }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const keys = ['held', 'approved', 'declined', 'expired', 'pending', 'approved_charged_back'] as const;
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        {t('risk.backtest.reviews.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('risk.backtest.reviews.explain')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={keys.map((key) => ({
          key,
          label: t(`risk.backtest.reviews.${key}`),
          children: <span data-testid={`backtest-review-${key}`}>{format.number(reviews[key])}</span>,
        }))}
      />
    </>
  );
};

type Props = {
  result: BacktestResult | undefined;
  pending: boolean;
  error: unknown;
  disabled: boolean;
  onRun: () => void;
  labelOf: (key: string) => string;
};

/**
 * The backtest before saving: how the draft would have treated the last 30 days of
 * transactions, next to what really happened.
 */
export const BacktestPanel = ({ result, pending, error, disabled, onRun, labelOf }: Props) => {
  const { t } = useTranslation();
  const format = useFormat();
  const keys = result ? [...new Set([...Object.keys(result.draft), ...Object.keys(result.actual)])] : [];
  return (
    <Card
      size="small"
      title={
        <Space>
          <ExperimentOutlined />
          {t('risk.backtest.title')}
        </Space>
      }
      extra={
        <Button onClick={onRun} loading={pending} disabled={disabled}>
          {t('risk.backtest.run')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('risk.backtest.explain')}
      </Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon title={error instanceof ApiError ? error.message : t('errors.unknown')} />
      ) : null}
      {result && (
        <>
          <Typography.Paragraph aria-live="polite">
            {t('risk.backtest.summary', {
              count: result.transactions,
              countText: format.number(result.transactions),
              from: format.date(result.from),
              to: format.date(result.to),
              seconds: format.number(result.millis / 1000, 2),
            })}
          </Typography.Paragraph>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={keys.map((key) => ({ key, draft: result.draft[key] ?? 0, actual: result.actual[key] ?? 0 }))}
            columns={[
              { key: 'key', title: t('risk.backtest.outcome'), render: (_, row) => labelOf(row.key) },
              {
                key: 'draft',
                title: t('risk.backtest.draft'),
                align: 'right',
                render: (_, row) => (
                  <strong data-testid={`backtest-draft-${row.key}`}>{format.number(row.draft)}</strong>
                ),
              },
              {
                key: 'actual',
                title: t('risk.backtest.actual'),
                align: 'right',
                render: (_, row) => format.number(row.actual),
              },
            ]}
          />
          {result.reviews && <ReviewLabels reviews={result.reviews} />}
        </>
      )}
    </Card>
  );
};
