import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money.tsx';
import { useTopMerchants } from '../api/get-top-merchants.ts';

/** The provider's revenue card: top 5 merchants over the last 24 hours. */
export const TopMerchants = ({ currency }: { currency: string }) => {
  const { t } = useTranslation();
  const { data = [], isLoading } = useTopMerchants(currency, true);
  return (
    <Card title={t('dashboard.topMerchants')}>
      <List
        loading={isLoading}
        dataSource={data}
        locale={{ emptyText: t('dashboard.noRevenue') }}
        renderItem={(merchant, index) => (
          <List.Item extra={<Money amount={merchant.last24hours.amount} currency={currency} />}>
            <List.Item.Meta
              title={`${index + 1}. ${merchant.name}`}
              description={
                <Typography.Text type="secondary">
                  {t('dashboard.transactionCount', { count: merchant.last24hours.count })}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
};
