import { access } from '@kassa/domain';
import { Alert, Button, message as antMessage, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useAllDiscounts } from '../api/get-discounts.ts';
import { useAddDiscount, useRemoveDiscount } from '../api/subscription-discount.ts';
import type { DiscountAttached, SubscriptionRow } from '../api/types.ts';
import { applicableDiscounts } from './discount-rules.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { Cycles, DiscountAmount } from './recurring-format.tsx';

const RUNNING = ['CREATED', 'ACTIVE', 'PAST_DUE'];

/**
 * The discounts attached to a subscription. Another can be applied only when none is active, from
 * those the plan amount and the first-order rule allow (payments.md §5); removing asks first.
 */
export const SubscriptionDiscountsTab = ({ sub }: { sub: SubscriptionRow }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const discounts = useAllDiscounts(scope);
  const add = useAddDiscount();
  const remove = useRemoveDiscount();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const [chosen, setChosen] = useState<string | null>(null);
  const f = (field: string) => t(`fields:subscription_discount.${field}`);
  const active = sub.discounts_attached.find((a) => a.active);
  const mayChange = can(access.subscription.update) && RUNNING.includes(sub.status);
  const choices = applicableDiscounts(discounts.data ?? [], sub);
  const failed = (error: unknown) =>
    void message.error(
      error instanceof ApiError ? (showServerError(null, t, error) ?? t('errors.unknown')) : t('errors.unknown'),
    );

  const apply = async () => {
    if (!chosen) return;
    try {
      await add.mutateAsync({ subscriptionId: sub.id, discountId: chosen });
      setChosen(null);
      void message.success(t('recurring.subscriptions.discountApplied'));
    } catch (error) {
      failed(error);
    }
  };

  const confirmRemove = (attached: DiscountAttached) =>
    modal.confirm({
      title: t('recurring.subscriptions.removeDiscountTitle'),
      content: t('recurring.subscriptions.removeDiscountConfirm'),
      okText: t('recurring.ok'),
      cancelText: t('recurring.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ subscriptionId: sub.id, discountId: attached.id });
        } catch (error) {
          failed(error);
        }
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {modalHolder}
      {messageHolder}
      {mayChange && !active && (
        <Space.Compact style={{ width: '100%' }}>
          <Select
            aria-label={t('recurring.subscriptions.chooseDiscount')}
            placeholder={t('recurring.subscriptions.chooseDiscount')}
            style={{ flex: 1 }}
            value={chosen}
            onChange={setChosen}
            loading={discounts.isPending}
            options={choices.map((d) => ({ value: d.id, label: d.name }))}
            notFoundContent={t('recurring.subscriptions.noApplicableDiscount')}
          />
          <Button type="primary" disabled={!chosen} loading={add.isPending} onClick={() => void apply()}>
            {t('recurring.subscriptions.applyDiscount')}
          </Button>
        </Space.Compact>
      )}
      {mayChange && active && <Alert type="info" showIcon title={t('recurring.subscriptions.oneActiveDiscount')} />}
      <Table<DiscountAttached>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={sub.discounts_attached}
        locale={{ emptyText: t('recurring.subscriptions.noDiscounts') }}
        columns={[
          { key: 'name', title: f('name'), render: (_, a) => a.subscription_discount.name },
          {
            key: 'amount',
            title: f('amount'),
            render: (_, a) => (
              <DiscountAmount
                type={a.subscription_discount.type}
                amount={a.subscription_discount.amount}
                currency={sub.currency_code}
              />
            ),
          },
          {
            key: 'applied',
            title: t('recurring.subscriptions.appliedDuration'),
            render: (_, a) => (
              <>
                {a.applied_duration} / <Cycles value={a.subscription_discount.duration} />
              </>
            ),
          },
          {
            key: 'first',
            title: f('limit_to_first_order'),
            render: (_, a) => (a.subscription_discount.limit_to_first_order ? t('recurring.yes') : t('recurring.no')),
          },
          {
            key: 'active',
            title: t('recurring.subscriptions.active'),
            render: (_, a) =>
              a.active ? (
                <Tag color="success">{t('recurring.subscriptions.active')}</Tag>
              ) : (
                <Tag>{t('recurring.subscriptions.ended')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, a) =>
              a.active && mayChange ? (
                <Button size="small" danger onClick={() => confirmRemove(a)}>
                  {t('recurring.subscriptions.removeDiscount')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Space>
  );
};
