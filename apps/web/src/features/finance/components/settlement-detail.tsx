import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Table, Tabs, Tag, Typography } from 'antd';
import { DetailDrawer } from '@/components/form-drawer.tsx';
import { friendlyFormatIBAN } from 'ibantools';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money.tsx';
import { buildUrl } from '@/lib/api-client.ts';
import { populated } from '@/lib/entity-api.ts';
import { resolveLanguage } from '@/lib/languages.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useSettlement, useSettlementItemCount, useSettlementItems, useSettlementLines } from '../api/settlements.ts';
import { PayoutReconciliation } from './payout-reconciliation.tsx';
import type { PspSettlementRow, SettlementItemRow, SettlementLine, SettlementRow } from '../api/types.ts';

/** Money going out shown with a minus; zero stays 0,00 (never -0,00). */
export const outgoing = (amount: number) => (amount === 0 ? 0 : -amount);

const STATUS_COLOURS: Record<string, string> = { PAID: 'success', PENDING: 'processing', CARRIED: 'warning' };

export const SettlementStatus = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'}>
      {t(`finance.settlementStatuses.${status}`, { defaultValue: status })}
    </Tag>
  );
};

/** The lines of a settlement, with a total row that is the payout: what the merchant reconciles. */
const Lines = ({ settlement }: { settlement: SettlementRow }) => {
  const { t } = useTranslation();
  const lines = useSettlementLines(settlement.id);
  const currency = settlement.currency_code;
  const total = (lines.data ?? []).reduce((sum, line) => sum + line.net, 0);
  const money = (amount: number) => <Money amount={amount} currency={currency} />;
  return (
    <Table<SettlementLine>
      size="small"
      loading={lines.isPending}
      pagination={false}
      rowKey={(line) => `${line.kind}:${line.payment_product ?? ''}`}
      dataSource={lines.data ?? []}
      columns={[
        { key: 'kind', title: t('fields:settlement_item.kind'), render: (_, line) => t(`finance.kinds.${line.kind}`) },
        {
          key: 'payment_product',
          title: t('fields:settlement_item.payment_product'),
          render: (_, line) =>
            line.payment_product
              ? t(`paymentProducts.${line.payment_product}`, { defaultValue: line.payment_product })
              : '',
        },
        { key: 'count', title: t('finance.settlements.count'), align: 'right', dataIndex: 'count' },
        {
          key: 'amount',
          title: t('fields:settlement_item.amount'),
          align: 'right',
          render: (_, line) => money(line.amount),
        },
        {
          key: 'fee',
          title: t('fields:settlement_item.fee'),
          align: 'right',
          render: (_, line) => money(outgoing(line.fee)),
        },
        { key: 'net', title: t('fields:settlement_item.net'), align: 'right', render: (_, line) => money(line.net) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={5}>
            <Typography.Text strong>{t('finance.settlements.linesTotal')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="lines-total">
              {money(total)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
};

/** The items behind the lines, page by page, and their CSV export (streamed by the server). */
const Items = ({ settlement }: { settlement: SettlementRow }) => {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const size = 25;
  const items = useSettlementItems(settlement.id, page, size);
  const count = useSettlementItemCount(settlement.id);
  const exportHref = buildUrl('GET', 'settlement-item/export', {
    settlement: settlement.id,
    _sort: 'id',
    _format: 'readable',
    _lang: resolveLanguage(i18n.language),
    _tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const money = (amount: number) => <Money amount={amount} currency={settlement.currency_code} />;
  return (
    <>
      <Button icon={<DownloadOutlined />} href={exportHref} style={{ marginBottom: 12 }}>
        {t('finance.settlements.exportItems')}
      </Button>
      <Table<SettlementItemRow>
        size="small"
        loading={items.isPending}
        rowKey="id"
        dataSource={items.data ?? []}
        pagination={{
          current: page,
          pageSize: size,
          total: count.data?.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            key: 'created_at',
            title: t('fields:settlement_item.created_at'),
            render: (_, item) => format.dateTime(item.created_at),
          },
          {
            key: 'kind',
            title: t('fields:settlement_item.kind'),
            render: (_, item) => t(`finance.kinds.${item.kind}`),
          },
          {
            key: 'source',
            title: t('fields:settlement_item.source'),
            render: (_, item) => <Typography.Text code>{item.transaction ?? item.source}</Typography.Text>,
          },
          {
            key: 'amount',
            title: t('fields:settlement_item.amount'),
            align: 'right',
            render: (_, item) => money(item.amount),
          },
          {
            key: 'fee',
            title: t('fields:settlement_item.fee'),
            align: 'right',
            render: (_, item) => money(outgoing(item.fee)),
          },
        ]}
      />
    </>
  );
};

/** The settlement statement as a PDF in the user's language (streamed by the server). */
const PdfButton = ({ id }: { id: string }) => {
  const { t, i18n } = useTranslation();
  return (
    <Button
      icon={<FilePdfOutlined />}
      href={buildUrl('GET', `settlement/${encodeURIComponent(id)}/pdf`, { _lang: resolveLanguage(i18n.language) })}
    >
      {t('finance.settlements.downloadPdf')}
    </Button>
  );
};

/** A settlement: its period and parts, the payout to the bank account, its lines and items; for provider staff also what it earned. */
export const SettlementDetail = ({
  id,
  onClose,
  provider = false,
}: {
  id: string;
  onClose: () => void;
  provider?: boolean;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const settlement = useSettlement(id, provider);
  const s = settlement.data;
  const earned = s && 'margin' in s ? (s as PspSettlementRow) : null;
  const account = populated(s?.bank_account);
  const f = (field: string) => t(`fields:settlement_report.${field}`);
  const money = (amount: number) => <Money amount={amount} currency={s?.currency_code} />;
  return (
    <DetailDrawer
      open
      size={820}
      title={
        s?.period_start && s.period_end
          ? `${t('finance.settlements.period')} ${format.date(s.period_start)} – ${format.date(new Date(new Date(s.period_end).getTime() - 1))}`
          : ''
      }
      onClose={onClose}
      loading={settlement.isPending}
      extra={s && <PdfButton id={s.id} />}
    >
      {settlement.isError && <Alert type="error" showIcon title={t('errors.unknown')} />}
      {s && (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'organisation', label: f('organisation'), children: populated(s.organisation)?.name },
              { key: 'status', label: f('status'), children: <SettlementStatus status={s.status} /> },
              { key: 'gross', label: f('gross'), children: money(s.gross) },
              { key: 'refunded', label: f('refunded'), children: money(outgoing(s.refunded)) },
              { key: 'chargebacks', label: f('chargebacks'), children: money(outgoing(s.chargebacks)) },
              { key: 'fee', label: f('fee'), children: money(outgoing(s.fee)) },
              { key: 'reserve', label: f('reserve'), children: money(s.reserve_released - s.reserve) },
              { key: 'one_offs', label: f('one_offs'), children: money(s.one_offs) },
              {
                key: 'amount',
                label: <strong>{f('amount')}</strong>,
                children: (
                  <Typography.Text strong data-testid="settlement-amount">
                    {money(s.amount)}
                  </Typography.Text>
                ),
              },
              {
                key: 'payout',
                label: t('finance.settlements.payout'),
                children:
                  s.status === 'CARRIED'
                    ? t('finance.settlements.noPayout')
                    : account
                      ? `${friendlyFormatIBAN(account.iban)} (${account.holder_name})`
                      : '',
              },
              ...(earned
                ? [
                    { key: 'cost', label: f('cost'), children: money(earned.cost) },
                    { key: 'commission', label: f('commission'), children: money(earned.commission) },
                    {
                      key: 'margin',
                      label: <strong>{f('margin')}</strong>,
                      children: (
                        <Typography.Text strong data-testid="settlement-margin">
                          {money(earned.margin)}
                        </Typography.Text>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Tabs
            items={[
              { key: 'lines', label: t('finance.settlements.lines'), children: <Lines settlement={s} /> },
              { key: 'items', label: t('finance.settlements.items'), children: <Items settlement={s} /> },
              {
                key: 'reconciliation',
                label: t('reconciliation.payout.tab'),
                children: <PayoutReconciliation settlementId={s.id} currency={s.currency_code} />,
              },
            ]}
          />
        </>
      )}
    </DetailDrawer>
  );
};
