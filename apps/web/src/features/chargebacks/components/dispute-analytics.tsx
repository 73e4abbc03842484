import { reasonCodeRule, type TDisputeAnalytics } from '@kassa/domain';
import { Alert, Col, Collapse, Row, Table, Tag, Typography, type TableProps } from 'antd';
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

/** One of the three tables: a heading, and the rows in a small table that scrolls rather than clips. */
const Section = <T extends object>(props: {
  heading: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: TableProps<T>['columns'];
  wide?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Col xs={24} lg={props.wide ? 24 : 12} xxl={8}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {t(`disputeAnalytics.${props.heading}`)}
      </Typography.Title>
      <Table<T>
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={false}
        rowKey={props.rowKey}
        dataSource={props.rows}
        locale={{ emptyText: t('disputeAnalytics.none') }}
        columns={props.columns}
      />
    </Col>
  );
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
  const amount = (money: number, count: number) =>
    `${format.money(money, data.currency_code)} (${format.number(count)})`;
  return (
    <Row gutter={[24, 16]}>
      <Section
        heading="byReasonCode"
        rows={data.by_reason_code}
        rowKey={(r) => r.reason_code ?? ''}
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
      <Section
        heading="byEvidence"
        rows={data.by_evidence}
        rowKey={(r) => r.evidence}
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
      <Section
        heading="perMonth"
        wide
        rows={data.by_month}
        rowKey={(r) => r.month}
        columns={[
          { key: 'month', title: t('disputeAnalytics.month'), render: (_, r) => monthName(r.month) },
          {
            key: 'won',
            title: t('disputeAnalytics.wonAmount'),
            align: 'right',
            render: (_, r) => amount(r.won_amount, r.won),
          },
          {
            key: 'lost',
            title: t('disputeAnalytics.lostAmount'),
            align: 'right',
            render: (_, r) => amount(r.lost_amount, r.lost),
          },
        ]}
      />
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
