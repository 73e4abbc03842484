import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { WebhookRow } from '../api/types.ts';
import { statusCodeColour } from './webhook-status.tsx';

/** Every delivery attempt, newest first: status code in its class colour, duration and the receiver's answer. */
export const WebhookHistory = ({ history }: { history: WebhookRow['history'] }) => {
  const { t } = useTranslation();
  if (history.length === 0) return <Empty description={t('webhooks.noAttempts')} />;
  return (
    <List
      aria-label={t('webhooks.history')}
      dataSource={history}
      renderItem={(attempt, index) => (
        <List.Item key={index} data-testid="webhook-attempt">
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Space wrap>
              <Tag color={statusCodeColour(attempt.status_code)} data-code={attempt.status_code ?? 'none'}>
                {attempt.status_code ?? t('webhooks.noStatusCode')}
              </Tag>
              <DateTime value={attempt.created_at as string} style="long" />
              <Typography.Text type="secondary">{t('webhooks.duration', { ms: attempt.duration_ms })}</Typography.Text>
              {attempt.manual && <Tag>{t('webhooks.resent')}</Tag>}
            </Space>
            {attempt.content && (
              <Typography.Paragraph
                code
                ellipsis={{ rows: 3, expandable: true, symbol: t('webhooks.more') }}
                style={{ marginBottom: 0 }}
              >
                {attempt.content}
              </Typography.Paragraph>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
};
