import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';
import { achievementTrend } from '../achievement-trend.ts';
import { useAchievements } from '../api/get-achievements.ts';

/** The merchant's achievements: the last 7 days against the 7 before (portal.md §4). */
export const Achievements = ({ scope, currency }: { scope: string; currency: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data = [] } = useAchievements(scope, currency, true);
  return (
    <section aria-label={t('dashboard.achievements')}>
      <Typography.Title level={3}>{t('dashboard.achievements')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {data.map((achievement) => {
          const { trend, good } = achievementTrend(achievement);
          const value =
            achievement.type === 'amount' ? format.money(achievement.last, currency) : format.number(achievement.last);
          const previous =
            achievement.type === 'amount'
              ? format.money(achievement.previous, currency)
              : format.number(achievement.previous);
          return (
            <Col key={achievement.type} xs={24} sm={12} lg={6}>
              <Card size="small" data-testid={`achievement-${achievement.type}`}>
                <Statistic title={t(`dashboard.achievement.${achievement.type}`)} value={value} />
                <Typography.Text type={good === null ? 'secondary' : good ? 'success' : 'danger'}>
                  {trend === 'up' ? '▲' : trend === 'down' ? '▼' : '='} {t(`dashboard.trend.${trend}`)}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">{t('dashboard.previousWeek', { value: previous })}</Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
};
