import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { countryName } from '@/lib/countries.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { customerName, populated, type CustomerRef, type TransactionRow } from '../api/types.ts';
import { PaymentProduct } from '@/components/payments/payment-product.tsx';
import { TransactionDecision } from './transaction-decision.tsx';
import { TransactionTags } from './transaction-tags.tsx';
import { TransactionActions } from './transaction-actions.tsx';
import { ChargebacksTab, RefundsTab } from './transaction-related-tabs.tsx';

const Details = ({ tx }: { tx: TransactionRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:transaction.${field}`);
  const { language } = useFormat();
  const ref = (value: string | { id: string; name?: string } | null) => populated(value);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={tx.id} /> },
        {
          label: f('merchant_reference'),
          value: tx.merchant_reference && <Typography.Text copyable>{tx.merchant_reference}</Typography.Text>,
        },
        { label: f('created_at'), value: <DateTime value={tx.created_at} style="long" /> },
        { label: f('amount'), value: <Money amount={tx.amount} currency={tx.currency_code} /> },
        {
          label: f('refunded_amount'),
          value:
            tx.refunded_amount > 0 ? (
              <EntityLink to="refunds" filter={{ transaction: tx.id }}>
                <Money amount={tx.refunded_amount} currency={tx.currency_code} />
              </EntityLink>
            ) : null,
        },
        {
          label: f('status'),
          value: (
            <Space>
              <StatusTag vocabulary="transaction" status={tx.status} />
              {tx.blocked && <Tag color="red">{t('transactions.blockedFlag')}</Tag>}
            </Space>
          ),
        },
        { label: f('status_reason'), value: tx.status_reason },
        {
          label: f('payment_product_type'),
          value: <PaymentProduct product={tx.payment_product_type} brand={tx.card_brand} last4={tx.card_last4} />,
        },
        { label: f('card'), value: tx.card_bin ? `${tx.card_bin}••••••${tx.card_last4 ?? ''}` : null },
        {
          label: f('issuer'),
          value: tx.issuer
            ? [tx.issuer, tx.issuer_country && countryName(tx.issuer_country, language)].filter(Boolean).join(', ')
            : null,
        },
        { label: f('platform'), value: [tx.platform, tx.browser].filter(Boolean).join(' · ') || null },
        {
          label: f('recurring_type'),
          value: tx.recurring_type && t(`recurringTypes.${tx.recurring_type}`, { defaultValue: tx.recurring_type }),
        },
        { label: f('description'), value: tx.description },
        { label: f('country_code'), value: tx.country_code },
        { label: f('tags'), value: tx.tags.length ? <TransactionTags ids={tx.tags} /> : null },
        { label: f('processor'), value: ref(tx.processor)?.name },
        {
          label: f('processor_id_external'),
          value: tx.processor_id_external && <CopyableId value={tx.processor_id_external} />,
        },
        { label: f('payment_profile'), value: ref(tx.payment_profile)?.name },
        { label: f('organisation'), value: ref(tx.organisation)?.name },
      ]}
    />
  );
};

const CustomerTab = ({ tx }: { tx: TransactionRow }) => {
  const { t } = useTranslation();
  const customer = populated<CustomerRef>(tx.customer);
  if (!customer) return <Empty description={t('transactions.noCustomer')} />;
  const f = (field: string) => t(`fields:customer.${field}`);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DetailFields
        fields={[
          { label: f('id'), value: <CopyableId value={customer.id} /> },
          { label: f('name'), value: customerName(customer) },
          { label: f('email_address'), value: customer.email_address },
          { label: f('phone_number'), value: customer.phone_number },
          {
            label: f('street_address'),
            value: [customer.street_address, customer.house_number].filter(Boolean).join(' '),
          },
          { label: f('postal_code'), value: customer.postal_code },
          { label: f('city'), value: customer.city },
          { label: f('country_code'), value: customer.country_code },
          { label: f('status'), value: <StatusTag vocabulary="customer" status={customer.status} /> },
        ]}
      />
      <EntityLink to="transactions" filter={{ customer: customer.id }}>
        {t('transactions.customerTransactions')}
      </EntityLink>
    </Space>
  );
};

const HistoryTab = ({ tx }: { tx: TransactionRow }) => {
  const { t } = useTranslation();
  const history = tx.status_history ?? [];
  if (history.length === 0) return <Empty description={t('transactions.noHistory')} />;
  return (
    <Timeline
      items={[...history].reverse().map((entry, index) => ({
        key: index,
        content: (
          <Space orientation="vertical" size={0}>
            <StatusTag vocabulary="transaction" status={entry.status} />
            <DateTime value={entry.at ?? entry.date} style="long" />
            {entry.reason && <Typography.Text type="secondary">{entry.reason}</Typography.Text>}
          </Space>
        ),
      }))}
    />
  );
};

/** The transaction's detail panel: details, customer, refunds, chargebacks, status history; refund and mark-blocked actions. */
export const TransactionDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { data: tx, isPending, error } = useTransaction(id, scope);
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={isPending && !error}
      notFound={Boolean(error) || notFound}
      title={
        tx ? t('transactions.detailTitle', { reference: tx.merchant_reference ?? tx.id }) : t('transactions.title')
      }
      extra={tx && <TransactionActions tx={tx} />}
      tabs={
        tx
          ? [
              { key: 'details', label: t('transactions.tabs.details'), children: <Details tx={tx} /> },
              { key: 'decision', label: t('engine.tab'), children: <TransactionDecision tx={tx} /> },
              { key: 'customer', label: t('transactions.tabs.customer'), children: <CustomerTab tx={tx} /> },
              { key: 'refunds', label: t('transactions.tabs.refunds'), children: <RefundsTab transactionId={tx.id} /> },
              {
                key: 'chargebacks',
                label: t('transactions.tabs.chargebacks'),
                children: <ChargebacksTab transactionId={tx.id} />,
              },
              { key: 'history', label: t('transactions.tabs.history'), children: <HistoryTab tx={tx} /> },
            ]
          : []
      }
    />
  );
};
