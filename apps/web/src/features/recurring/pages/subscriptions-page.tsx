import { PlusOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { subscriptionsCountQueryOptions, subscriptionsQueryOptions } from '../api/get-subscriptions.ts';
import type { SubscriptionRow } from '../api/types.ts';
import { BillingRunButton } from '../components/billing-run-button.tsx';
import { SubscriptionFilters } from '../components/recurring-filters.tsx';
import { SubscriptionDetail } from '../components/subscription-detail.tsx';
import { SubscriptionForm } from '../components/subscription-form.tsx';
import { subscriptionListParams } from '../search-params.ts';
import { subscriptionColumns } from '../subscription-columns.tsx';

/** Who may run billing by hand (the server checks the same and refuses it in production). */
const BILLING_RUN_ROLES = ['USER_ALL', 'SUBSCRIPTION_ALL'] as const;

/** `/subscriptions` (payments.md §2 "Subscriptions list"). */
export const SubscriptionsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const columns = useMemo(() => subscriptionColumns(t), [t]);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListScreen<SubscriptionRow>
        listId="subscriptions"
        title={t('recurring.subscriptions.title')}
        params={subscriptionListParams}
        columns={columns}
        listQuery={subscriptionsQueryOptions}
        countQuery={subscriptionsCountQueryOptions}
        exportPath="subscription/export"
        filters={(props) => <SubscriptionFilters {...props} />}
        searchByLabel={(field) => t(`fields:subscription.${field}`)}
        renderDetail={(id, close) => <SubscriptionDetail id={id} onClose={close} />}
        actions={
          <>
            {can(BILLING_RUN_ROLES) && <BillingRunButton />}
            {can(access.subscription.create) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('recurring.subscriptions.create')}
              </Button>
            )}
          </>
        }
      />
      {creating && (
        <SubscriptionForm
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            navigate(`${pathname}?open=${encodeURIComponent(id)}`);
          }}
        />
      )}
    </>
  );
};
