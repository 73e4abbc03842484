import type { TProcessorRevenue } from '@kassa/domain';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';
import { useProcessorRevenue } from './get-processor-revenue.ts';

/** Cards in rows of 3 and 4, alternating (portal.md §2.2). */
export const alternatingRows = <T,>(items: readonly T[]): T[][] => {
  const rows: T[][] = [];
  for (let start = 0, size = 3; start < items.length; start += size, size = size === 3 ? 4 : 3)
    rows.push(items.slice(start, start + size));
  return rows;
};

/** The growth sign and percentage of the last 24 hours against the 24 before. */
export const growth = (p: TProcessorRevenue) => {
  const last = p.last24hours.amount;
  const previous = p.previous24hours.amount;
  const sign = last > previous ? '>' : last < previous ? '<' : '=';
  return { sign, diff: previous === 0 ? null : ((last - previous) / previous) * 100 };
};

const ProcessorCard = ({ processor, currency }: { processor: TProcessorRevenue; currency: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { sign, diff } = growth(processor);
  const colour = sign === '>' ? 'success' : sign === '<' ? 'danger' : 'secondary';
  return (
    <Card size="small">
      <Statistic title={processor.name} value={format.money(processor.last24hours.amount, currency)} />
      <Typography.Text type={colour}>
        {sign === '>' ? '▲' : sign === '<' ? '▼' : '='}{' '}
        {diff === null ? t('dashboard.noPrevious') : `${format.number(Math.abs(diff), 1)} %`}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">{t('dashboard.vsPrevious24h')}</Typography.Text>
      <div>
        <Typography.Text type="secondary" data-testid="processor-gateway">
          {processor.gateway === 'direct' || !processor.gateway
            ? t('statistics.gatewayDirect')
            : processor.gatewayLabel}
          {' · '}
          {t('statistics.until', { time: format.dateTime(processor.until) })}
        </Typography.Text>
      </div>
    </Card>
  );
};

export const ProcessorRevenueCards = ({ scope, currency }: { scope: string; currency: string }) => {
  const { t } = useTranslation();
  const { data = [] } = useProcessorRevenue(scope, currency, true);
  if (data.length === 0) return null;
  return (
    <section aria-label={t('dashboard.processorRevenue')}>
      <Typography.Title level={3}>{t('dashboard.processorRevenue')}</Typography.Title>
      {alternatingRows(data).map((row, index) => (
        <Row gutter={[16, 16]} key={index} style={{ marginBottom: 16 }}>
          {row.map((processor) => (
            <Col key={processor.id} xs={24} md={24 / row.length}>
              <ProcessorCard processor={processor} currency={currency} />
            </Col>
          ))}
        </Row>
      ))}
    </section>
  );
};
