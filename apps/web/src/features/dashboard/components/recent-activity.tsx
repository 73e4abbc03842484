import { Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money.tsx';
import { useFormat } from '@/lib/use-format.ts';
import { useRecentActivity } from '../api/get-recent-activity.ts';

/** The newest transactions (blocked ones marked) and refunds, each opening the transaction. */
export const RecentActivity = ({ scope, base }: { scope: string; base: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data = [], isLoading } = useRecentActivity(scope, true);
  return (
    <Card title={t('dashboard.recentActivity')}>
      <List
        loading={isLoading}
        dataSource={data}
        locale={{ emptyText: t('dashboard.noActivity') }}
        renderItem={(item) => (
          <List.Item
            extra={
              <Money
                amount={item.type === 'refund' ? -item.amount : item.amount}
                currency={item.payment_profile.currency_code}
              />
            }
          >
            <List.Item.Meta
              title={
                <Link
                  to={`${base}/transactions?id=${encodeURIComponent(item.transaction)}&open=${encodeURIComponent(item.transaction)}`}
                >
                  <Tag color={item.type === 'refund' ? 'purple' : item.type === 'blocked' ? 'red' : 'blue'}>
                    {t(`dashboard.activity.${item.type}`)}
                  </Tag>
                  {t(`statuses.${item.type === 'refund' ? 'refund' : 'transaction'}.${item.status}`, {
                    defaultValue: item.status,
                  })}
                </Link>
              }
              description={
                <Typography.Text type="secondary">{`${item.organisation.name} · ${format.dateTime(item.created_at)}`}</Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
};
