import { access } from '@kassa/domain';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { useDiscount } from '../api/get-discounts.ts';
import { populated } from '../api/types.ts';
import { DiscountForm } from './discount-form.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';
import { Cycles, DiscountAmount } from './recurring-format.tsx';
import { Money } from '@/components/money.tsx';

/** A subscription discount's panel: its fields, edit and delete. */
export const DiscountDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const { data: discount, isPending, error } = useDiscount(id, scope);
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState(false);
  const { confirmDelete: askToDelete, holders } = useConfirmDelete();
  const f = (field: string) => t(`fields:subscription_discount.${field}`);

  const confirmDelete = () =>
    askToDelete({
      title: t('recurring.discounts.delete'),
      content: t('recurring.discounts.deleteConfirm', { name: discount?.name }),
      remove: async () => {
        await remove.mutateAsync(id);
        onClose();
      },
    });

  return (
    <>
      {holders}
      <DetailPanel
        open
        onClose={onClose}
        loading={isPending && !error}
        notFound={Boolean(error)}
        title={discount?.name ?? t('recurring.discounts.title')}
        extra={
          discount && (
            <Space>
              {can(access.subscriptionDiscount.update) && (
                <Button onClick={() => setEditing(true)}>{t('recurring.edit')}</Button>
              )}
              {can(access.subscriptionDiscount.delete) && (
                <Button danger onClick={confirmDelete}>
                  {t('recurring.delete')}
                </Button>
              )}
            </Space>
          )
        }
        tabs={
          discount
            ? [
                {
                  key: 'details',
                  label: t('recurring.tabs.details'),
                  children: (
                    <DetailFields
                      fields={[
                        { label: f('id'), value: <CopyableId value={discount.id} /> },
                        { label: f('name'), value: discount.name },
                        { label: f('type'), value: t(`recurring.discountTypes.${discount.type}`) },
                        { label: f('amount'), value: <DiscountAmount type={discount.type} amount={discount.amount} /> },
                        { label: f('duration'), value: <Cycles value={discount.duration} /> },
                        { label: f('minimum_amount'), value: <Money amount={discount.minimum_amount} /> },
                        {
                          label: f('limit_to_first_order'),
                          value: discount.limit_to_first_order ? t('recurring.yes') : t('recurring.no'),
                        },
                        { label: f('organisation'), value: populated(discount.organisation)?.name },
                        { label: f('created_at'), value: <DateTime value={discount.created_at} style="long" /> },
                      ]}
                    />
                  ),
                },
              ]
            : []
        }
      />
      {editing && discount && <DiscountForm discount={discount} onClose={() => setEditing(false)} />}
    </>
  );
};
