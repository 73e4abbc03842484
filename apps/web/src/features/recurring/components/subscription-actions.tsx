import { access } from '@kassa/domain';
import { Button, Form, message as antMessage, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnread, WholeNumberInput } from '@/components/number-input.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useDeleteSubscription } from '../api/delete-subscription.ts';
import { useUpdateSubscription } from '../api/save-subscription.ts';
import type { SubscriptionRow } from '../api/types.ts';
import { showServerError } from '@/lib/form-errors.ts';

const ENDED = ['CANCELLED', 'COMPLETED'];

/** Edit max_billing_cycle (the only field that may change, payments.md §5) and delete or cancel. */
export const SubscriptionActions = ({ sub, onDeleted }: { sub: SubscriptionRow; onDeleted: () => void }) => {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ max_billing_cycle: number | null }>();
  const update = useUpdateSubscription();
  const remove = useDeleteSubscription();
  if (ENDED.includes(sub.status)) return messageHolder;
  const neverBilled = sub.status === 'CREATED' && sub.last_paid_cycle === null;

  const store = async (value: number | null) => {
    try {
      await update.mutateAsync({ id: sub.id, maxBillingCycle: value });
      setEditing(false);
      void message.success(t('recurring.saved'));
    } catch (error) {
      const failure = showServerError(form, t, error, ['max_billing_cycle']);
      if (failure) void message.error(failure);
    }
  };

  const save = () => {
    const value = (form.getFieldValue('max_billing_cycle') as number | null | undefined) ?? null;
    // An unreadable text already says why on the field; nothing is sent.
    if (isUnread(value)) return;
    const paid = sub.last_paid_cycle ?? 0;
    // Reaching the maximum completes the subscription: never without saying so first.
    if (value !== null && value <= paid) {
      return modal.confirm({
        title: t('recurring.subscriptions.completeTitle'),
        content: t('recurring.subscriptions.completeConfirm', { count: paid }),
        okText: t('recurring.ok'),
        cancelText: t('recurring.cancel'),
        okButtonProps: { danger: true },
        onOk: () => store(value),
      });
    }
    void store(value);
  };

  const confirmDelete = () =>
    modal.confirm({
      title: neverBilled ? t('recurring.subscriptions.deleteTitle') : t('recurring.subscriptions.cancelTitle'),
      content: neverBilled ? t('recurring.subscriptions.deleteConfirm') : t('recurring.subscriptions.cancelConfirm'),
      okText: t('recurring.ok'),
      cancelText: t('recurring.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const result = await remove.mutateAsync(sub.id);
          void message.success(t(`recurring.subscriptions.${result.result}`));
          if (result.result === 'deleted') onDeleted();
        } catch (error) {
          void message.error(showServerError(form, t, error, []) ?? t('errors.unknown'));
        }
      },
    });

  return (
    <Space>
      {modalHolder}
      {messageHolder}
      {can(access.subscription.update) && (
        <Button
          onClick={() => {
            form.setFieldsValue({ max_billing_cycle: sub.max_billing_cycle });
            setEditing(true);
          }}
        >
          {t('recurring.subscriptions.editMax')}
        </Button>
      )}
      {can(access.subscription.delete) && (
        <Button danger onClick={confirmDelete}>
          {neverBilled ? t('recurring.delete') : t('recurring.subscriptions.cancelSubscription')}
        </Button>
      )}
      <Modal
        open={editing}
        title={t('recurring.subscriptions.editMax')}
        okText={t('recurring.save')}
        cancelText={t('recurring.cancel')}
        confirmLoading={update.isPending}
        onOk={save}
        onCancel={() => setEditing(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="max_billing_cycle"
            label={t('fields:subscription.max_billing_cycle')}
            extra={t('recurring.subscriptions.maxHint', { count: sub.last_paid_cycle ?? 0 })}
          >
            <WholeNumberInput min={Math.max(1, sub.last_paid_cycle ?? 1)} onPressEnter={save} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
};
