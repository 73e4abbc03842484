import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DetailFields } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated, type PlanRow } from '../api/types.ts';
import { Cycles, IntervalText } from './recurring-format.tsx';

/** A plan's fields (payments.md §3), shown in its own panel and in a subscription's Plan tab. */
export const PlanFields = ({ plan, currency }: { plan: PlanRow; currency?: string }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:plan.${field}`);
  const profile = populated(plan.payment_profile);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={plan.id} /> },
        { label: f('name'), value: plan.name },
        { label: f('description'), value: plan.description },
        { label: f('dynamic_descriptor'), value: plan.dynamic_descriptor },
        { label: f('amount'), value: <Money amount={plan.amount} currency={currency ?? profile?.currency_code} /> },
        { label: f('interval'), value: <IntervalText interval={plan.interval} count={plan.interval_count} /> },
        { label: f('max_billing_cycle'), value: <Cycles value={plan.max_billing_cycle} /> },
        { label: f('payment_profile'), value: profile?.name },
        { label: f('checkout'), value: populated(plan.checkout)?.name },
        {
          label: f('statuses_subscription_update'),
          value: plan.statuses_subscription_update.length ? (
            <Space size={4} wrap>
              {plan.statuses_subscription_update.map((status) => (
                <StatusTag key={status} vocabulary="subscription" status={status} />
              ))}
            </Space>
          ) : null,
        },
        { label: f('webhook_subscription_update'), value: plan.webhook_subscription_update },
        { label: f('email_subscription_update'), value: plan.email_subscription_update },
        { label: f('redirect_url'), value: plan.redirect_url },
        { label: f('organisation'), value: populated(plan.organisation)?.name },
      ]}
    />
  );
};
