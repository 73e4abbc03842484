import { access } from '@kassa/domain';
import { Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useSubscription } from '../api/get-subscriptions.ts';
import { customerName, populated, type CustomerRef, type PlanRow, type SubscriptionRow } from '../api/types.ts';
import { canCopyLink } from '../search-params.ts';
import { PlanFields } from './plan-fields.tsx';
import { Cycles } from './recurring-format.tsx';
import { SubscriptionActions } from './subscription-actions.tsx';
import { SubscriptionDiscountsTab } from './subscription-discounts-tab.tsx';
import { SubscriptionTransactionsTab } from './subscription-transactions-tab.tsx';

const Details = ({ sub }: { sub: SubscriptionRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:subscription.${field}`);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={sub.id} /> },
        { label: f('status'), value: <StatusTag vocabulary="subscription" status={sub.status} /> },
        { label: f('status_reason'), value: sub.status_reason },
        { label: f('amount'), value: <Money amount={sub.amount} currency={sub.currency_code} /> },
        { label: f('billing_cycle'), value: sub.billing_cycle },
        { label: f('max_billing_cycle'), value: <Cycles value={sub.max_billing_cycle} /> },
        { label: f('due_date'), value: <DateTime value={sub.due_date} style="long" /> },
        {
          label: f('next_attempt_at'),
          value: sub.next_attempt_at !== sub.due_date ? <DateTime value={sub.next_attempt_at} style="long" /> : null,
        },
        { label: f('last_paid_cycle'), value: sub.last_paid_cycle },
        { label: f('last_paid_date'), value: <DateTime value={sub.last_paid_date} style="long" /> },
        { label: f('start_date'), value: <DateTime value={sub.start_date} style="long" /> },
        { label: f('payment_product'), value: t(`paymentProducts.${sub.payment_product}`) },
        { label: f('payment_profile'), value: populated(sub.payment_profile)?.name },
        {
          label: f('subscription_url'),
          value: canCopyLink(sub.status) ? (
            <Typography.Text copyable={{ tooltips: [t('recurring.subscriptions.copyLink'), t('detail.copied')] }}>
              {sub.subscription_url}
            </Typography.Text>
          ) : null,
        },
        { label: f('created_at'), value: <DateTime value={sub.created_at} style="long" /> },
        { label: f('organisation'), value: populated(sub.organisation)?.name },
      ]}
    />
  );
};

const PlanTab = ({ sub }: { sub: SubscriptionRow }) => {
  const { t } = useTranslation();
  const plan = populated<PlanRow>(sub.plan);
  if (!plan) return <Empty />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <PlanFields plan={plan} currency={sub.currency_code} />
      <EntityLink to="subscriptions/plans" filter={{ id: plan.id }} open>
        {t('recurring.subscriptions.openPlan')}
      </EntityLink>
    </Space>
  );
};

const CustomerTab = ({ sub }: { sub: SubscriptionRow }) => {
  const { t } = useTranslation();
  const customer = populated<CustomerRef>(sub.customer);
  if (!customer) return <Empty />;
  const f = (field: string) => t(`fields:customer.${field}`);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DetailFields
        fields={[
          { label: f('id'), value: <CopyableId value={customer.id} /> },
          { label: f('name'), value: customerName(customer) },
          { label: f('email_address'), value: customer.email_address },
          { label: f('phone_number'), value: customer.phone_number },
          { label: f('city'), value: customer.city },
          { label: f('country_code'), value: customer.country_code },
          { label: f('status'), value: <StatusTag vocabulary="customer" status={customer.status} /> },
        ]}
      />
      <EntityLink to="customers" filter={{ id: customer.id }} open>
        {t('recurring.subscriptions.openCustomer')}
      </EntityLink>
    </Space>
  );
};

/** The subscription's detail panel: Details, Plan, Customer, Transactions, Discounts (payments.md §2). */
export const SubscriptionDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const { data: sub, isPending, error } = useSubscription(id, scope);
  const [closing, setClosing] = useState(false);
  const notFound = Boolean(error) || (error instanceof ApiError && error.status === 404);
  return (
    <DetailPanel
      open={!closing}
      onClose={onClose}
      loading={isPending && !error}
      notFound={notFound}
      title={
        sub
          ? t('recurring.subscriptions.detailTitle', {
              customer: customerName(populated<CustomerRef>(sub.customer)) || sub.id,
            })
          : t('recurring.subscriptions.title')
      }
      extra={
        sub ? (
          <SubscriptionActions
            sub={sub}
            onDeleted={() => {
              setClosing(true);
              onClose();
            }}
          />
        ) : undefined
      }
      tabs={
        sub
          ? [
              { key: 'details', label: t('recurring.tabs.details'), children: <Details sub={sub} /> },
              { key: 'plan', label: t('recurring.tabs.plan'), children: <PlanTab sub={sub} /> },
              { key: 'customer', label: t('recurring.tabs.customer'), children: <CustomerTab sub={sub} /> },
              {
                key: 'transactions',
                label: t('recurring.tabs.transactions'),
                hidden: !can(access.customer.transactions),
                children: <SubscriptionTransactionsTab sub={sub} />,
              },
              {
                key: 'discounts',
                label: t('recurring.tabs.discounts'),
                children: <SubscriptionDiscountsTab sub={sub} />,
              },
            ]
          : []
      }
    />
  );
};
