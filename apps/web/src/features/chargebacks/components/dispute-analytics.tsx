import { reasonCodeRule, type TDisputeAnalytics } from '@kassa/domain';
import { Alert, Col, Collapse, Row, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { monthsAgo, useDisputeAnalytics } from '../api/get-dispute-analytics.ts';

type Rate = { decided: number; won: number; win_rate: number | null };
const MONTHS = 12;

/** Decided, won and the win rate as columns of a small table. */
const useRateColumns = () => {
  const { t } = useTranslation();
  const format = useFormat();
  return [
    {
      key: 'decided',
      title: t('disputeAnalytics.decided'),
      align: 'right' as const,
      render: (_: unknown, r: Rate) => format.number(r.decided),
    },
    {
      key: 'won',
      title: t('disputeAnalytics.won'),
      align: 'right' as const,
      render: (_: unknown, r: Rate) => format.number(r.won),
    },
    {
      key: 'rate',
      title: t('disputeAnalytics.winRate'),
      align: 'right' as const,
      render: (_: unknown, r: Rate) =>
        r.win_rate === null ? '—' : t('disputeAnalytics.percent', { value: format.number(r.win_rate * 100, 0) }),
    },
  ];
};

const Tables = ({ data }: { data: TDisputeAnalytics }) => {
  const { t, i18n } = useTranslation();
  // "2026-04" as "april 2026" / "April 2026": the server already cut months in the user's time zone.
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en-US' ? 'en-US' : 'nl-NL', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${month}-15T12:00:00Z`));
  const format = useFormat();
  const rates = useRateColumns();
  const title = (key: string) => (
    <Typography.Title level={3} style={{ fontSize: 14 }}>
      {t(`disputeAnalytics.${key}`)}
    </Typography.Title>
  );
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12} xxl={8}>
        {title('byReasonCode')}
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          pagination={false}
          rowKey={(r) => r.reason_code ?? ''}
          dataSource={data.by_reason_code}
          locale={{ emptyText: t('disputeAnalytics.none') }}
          columns={[
            {
              key: 'code',
              title: t('disputeAnalytics.reasonCode'),
              render: (_, r) => (
                <>
                  <Tag variant="outlined">{r.reason_code ?? '—'}</Tag>
                  {t(`dispute.families.${reasonCodeRule(r.reason_code).family}`)}
                </>
              ),
            },
            ...rates,
          ]}
        />
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        {title('byEvidence')}
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          pagination={false}
          rowKey="evidence"
          dataSource={data.by_evidence}
          locale={{ emptyText: t('disputeAnalytics.none') }}
          columns={[
            {
              key: 'evidence',
              title: t('disputeAnalytics.evidence'),
              render: (_, r) =>
                t(`disputeAnalytics.evidenceKinds.${r.evidence}`, { defaultValue: t(`dispute.kinds.${r.evidence}`) }),
            },
            ...rates,
          ]}
        />
      </Col>
      <Col xs={24} xxl={8}>
        {title('perMonth')}
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          pagination={false}
          rowKey="month"
          dataSource={data.by_month}
          locale={{ emptyText: t('disputeAnalytics.none') }}
          columns={[
            {
              key: 'month',
              title: t('disputeAnalytics.month'),
              render: (_, r) => monthName(r.month),
            },
            {
              key: 'won',
              title: t('disputeAnalytics.wonAmount'),
              align: 'right',
              render: (_, r) => `${format.money(r.won_amount, data.currency_code)} (${format.number(r.won)})`,
            },
            {
              key: 'lost',
              title: t('disputeAnalytics.lostAmount'),
              align: 'right',
              render: (_, r) => `${format.money(r.lost_amount, data.currency_code)} (${format.number(r.lost)})`,
            },
          ]}
        />
      </Col>
    </Row>
  );
};

/**
 * Dispute analytics above the chargebacks list (issue 36), folded until opened: of the chargebacks
 * decided in the last 12 months, the win rate by reason code and by the evidence submitted, and the
 * amounts won and lost per month.
 */
export const DisputeAnalytics = () => {
  const { t } = useTranslation();
  const scope = useOrganisationScope(useLocation().pathname);
  const [open, setOpen] = useState(false);
  const from = useMemo(() => monthsAgo(MONTHS - 1), []);
  const { data, error, isPending } = useDisputeAnalytics(from, scope, open);
  return (
    <Collapse
      style={{ marginBottom: 16 }}
      activeKey={open ? ['analytics'] : []}
      onChange={(keys) => setOpen(keys.includes('analytics'))}
      items={[
        {
          key: 'analytics',
          label: t('disputeAnalytics.title', { months: MONTHS }),
          children: error ? (
            <Alert type="error" showIcon title={t('errors.unknown')} />
          ) : isPending || !data ? (
            <Typography.Text type="secondary">{t('disputeAnalytics.loading')}</Typography.Text>
          ) : (
            <Tables data={data} />
          ),
        },
      ]}
    />
  );
};
