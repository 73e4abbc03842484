import { PlayCircleOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { App, Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { populated } from '@/lib/entity-api.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import {
  pspSettlementsCountQueryOptions,
  pspSettlementsQueryOptions,
  settlementsCountQueryOptions,
  settlementsQueryOptions,
  useRunSettlement,
} from '../api/settlements.ts';
import type { PspSettlementRow, SettlementRow } from '../api/types.ts';
import { outgoing, SettlementDetail, SettlementStatus } from '../components/settlement-detail.tsx';

const params: ListParamsDef = {
  filters: {
    'status[]': param.anyOf(['PAID', 'PENDING', 'CARRIED']),
    'period_start>': param.date(),
    'period_start<': param.date(),
  },
  sortable: ['created_at', 'period_start', 'period_end', 'amount', 'gross', 'margin'],
  defaultSort: '-period_start',
  searchBy: ['id'],
};

const columns = (t: TFunction, date: (value: string) => string, provider: boolean): ListColumn<SettlementRow>[] => {
  const f = (field: string) => t(`fields:settlement_report.${field}`);
  const money =
    (field: keyof SettlementRow, sign = 1) =>
    (row: SettlementRow) => (
      <Money amount={sign < 0 ? outgoing(row[field] as number) : (row[field] as number)} currency={row.currency_code} />
    );
  return [
    {
      key: 'period_start',
      title: t('finance.settlements.period'),
      sortField: 'period_start',
      exportFields: ['period_start', 'period_end'],
      render: (row) =>
        row.period_start && row.period_end
          ? `${date(row.period_start)} – ${date(new Date(new Date(row.period_end).getTime() - 1).toISOString())}`
          : '',
    },
    ...(provider
      ? [
          {
            key: 'organisation',
            title: f('organisation'),
            exportFields: ['organisation'],
            render: (row: SettlementRow) => populated(row.organisation)?.name,
          },
        ]
      : []),
    {
      key: 'transaction_count',
      title: f('transaction_count'),
      exportFields: ['transaction_count'],
      align: 'right',
      render: (row) => row.transaction_count,
    },
    {
      key: 'gross',
      title: f('gross'),
      sortField: 'gross',
      exportFields: ['gross'],
      align: 'right',
      render: money('gross'),
    },
    {
      key: 'refunded',
      title: f('refunded'),
      exportFields: ['refunded', 'chargebacks'],
      align: 'right',
      render: (row) => <Money amount={outgoing(row.refunded + row.chargebacks)} currency={row.currency_code} />,
    },
    { key: 'fee', title: f('fee'), exportFields: ['fee'], align: 'right', render: money('fee', -1) },
    {
      key: 'one_offs',
      title: f('one_offs'),
      exportFields: ['one_offs', 'reserve', 'reserve_released'],
      align: 'right',
      defaultHidden: !provider,
      render: money('one_offs'),
    },
    {
      key: 'amount',
      title: f('amount'),
      sortField: 'amount',
      exportFields: ['amount', 'currency_code'],
      align: 'right',
      render: (row) => <Typography.Text strong>{money('amount')(row)}</Typography.Text>,
    },
    ...(provider ? earnedColumns(t) : []),
    // Against the acquirers' settlement files (issue 34): items matched exactly, the others, and the fees charged beyond the cost scheme.
    {
      key: 'reconciled_matched',
      title: f('reconciled_matched'),
      exportFields: ['reconciled_matched'],
      align: 'right',
      render: (row) => row.reconciled_matched,
    },
    {
      key: 'reconciled_unmatched',
      title: f('reconciled_unmatched'),
      exportFields: ['reconciled_unmatched'],
      align: 'right',
      render: (row) => row.reconciled_unmatched,
    },
    {
      key: 'fee_deviation',
      title: f('fee_deviation'),
      exportFields: ['fee_deviation'],
      align: 'right',
      render: money('fee_deviation'),
    },
    {
      key: 'status',
      title: f('status'),
      exportFields: ['status'],
      render: (row) => <SettlementStatus status={row.status} />,
    },
  ];
};

/** Provider staff only: what the payments cost (cost scheme), the partner's commission and the margin left of the fees. */
const earnedColumns = (t: TFunction): ListColumn<SettlementRow>[] => {
  const f = (field: string) => t(`fields:settlement_report.${field}`);
  const money = (field: 'cost' | 'commission' | 'margin') => (row: SettlementRow) => (
    <Money amount={(row as PspSettlementRow)[field]} currency={row.currency_code} />
  );
  return [
    { key: 'cost', title: f('cost'), exportFields: ['cost'], align: 'right', render: money('cost') },
    {
      key: 'commission',
      title: f('commission'),
      exportFields: ['commission'],
      align: 'right',
      defaultHidden: true,
      render: money('commission'),
    },
    {
      key: 'margin',
      title: f('margin'),
      sortField: 'margin',
      exportFields: ['margin'],
      align: 'right',
      render: money('margin'),
    },
  ];
};

const RunButton = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { message } = App.useApp();
  const run = useRunSettlement();
  return (
    <Button
      icon={<PlayCircleOutlined />}
      loading={run.isPending}
      onClick={() =>
        run.mutate(organisationFor(pathname), {
          onSuccess: (result) =>
            void message.success(t('finance.settlements.ran', { count: result.settlements.length })),
        })
      }
    >
      {t('finance.settlements.run')}
    </Button>
  );
};

/** The settlement report: one row per settled period, its lines and items in the detail panel (payments.md §2). */
const SettlementReport = ({ provider }: { provider: boolean }) => {
  const { t } = useTranslation();
  const can = useCan();
  const format = useFormat();
  const cols = useMemo(() => columns(t, (value) => format.date(value), provider), [t, format, provider]);
  return (
    <ListScreen<SettlementRow>
      listId={provider ? 'psp-settlements' : 'settlements'}
      title={provider ? t('nav.items.pspReportsSettlement') : t('nav.items.settlementReport')}
      params={params}
      columns={cols}
      listQuery={provider ? pspSettlementsQueryOptions : settlementsQueryOptions}
      countQuery={provider ? pspSettlementsCountQueryOptions : settlementsCountQueryOptions}
      exportPath={provider ? 'psp/settlement-report/export' : 'settlement-report/export'}
      searchByLabel={(field) => t(`fields:settlement_report.${field}`)}
      renderDetail={(id, close) => <SettlementDetail id={id} onClose={close} provider={provider} />}
      actions={can(access.financeEdit.settlementRun) && <RunButton />}
    />
  );
};

export const SettlementReportPage = () => <SettlementReport provider={false} />;
export const PspSettlementReportPage = () => <SettlementReport provider />;
