import { Card, Col, Row, Statistic } from 'antd';
import type { TAggregateTotal } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';

/** Statistics numbers (payments.md §3): total volume and count, average per period, ATV; customers: this period, average, total. */
export const Totals = ({
  total,
  money = true,
  currency,
  more = [],
}: {
  total: TAggregateTotal | undefined;
  money?: boolean;
  currency: string;
  /** Further numbers after these (the customer dashboard's all-time total and growth), as statistics.{key} and value. */
  more?: [string, string][];
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const volume = total?.volume ?? 0;
  const count = total?.count ?? 0;
  const periods = Math.max(total?.periods ?? 1, 1);
  const items: [string, string][] = money
    ? [
        ['totalVolume', format.money(volume, currency)],
        ['totalCount', format.number(count)],
        ['averagePerPeriod', format.money(Math.round(volume / periods), currency)],
        ['atv', format.money(count === 0 ? 0 : Math.round(volume / count), currency)],
      ]
    : [
        ['totalThisPeriod', format.number(count)],
        ['averageCountPerPeriod', format.number(Math.round(count / periods))],
        ...more,
      ];
  return (
    <Row gutter={[16, 16]}>
      {items.map(([key, value]) => (
        <Col key={key} xs={24} sm={12} lg={24 / items.length}>
          <Card size="small" loading={!total}>
            <Statistic
              title={t(`statistics.${key}`)}
              value={value}
              valueRender={() => <span data-testid={`total-${key}`}>{value}</span>}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
};
