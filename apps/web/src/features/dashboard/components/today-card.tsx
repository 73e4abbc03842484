import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';
import { useToday } from '../api/get-today.ts';

/**
 * Today so far (portal.md §3, §7 statistics/today): the revenue and transactions of the user's local day
 * and the expected amount, the mean revenue of the same weekday over the 4 weeks before.
 */
export const TodayCard = ({ scope, currency }: { scope: string; currency: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useToday(scope, currency, true);
  const items: [string, string][] = data
    ? [
        ['todayAmount', format.money(data.amount, currency)],
        ['todayTransactions', format.number(data.transactions)],
        ['expectedAmount', format.money(data.expected_amount, currency)],
      ]
    : [];
  return (
    <Card title={t('dashboard.today')} loading={!data}>
      <Row gutter={[16, 16]}>
        {items.map(([key, value]) => (
          <Col key={key} xs={24} sm={8}>
            <Statistic
              title={t(`dashboard.${key}`)}
              value={value}
              valueRender={() => <span data-testid={`today-${key}`}>{value}</span>}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
};
