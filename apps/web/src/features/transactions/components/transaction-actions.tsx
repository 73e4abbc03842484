import { RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { access, REFUNDABLE_TRANSACTION_STATUSES, type TransactionStatus } from '@kassa/domain';
import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddRefundDialog } from '@/components/payments/add-refund-dialog.tsx';
import { remainingOf } from '@/components/payments/api/types.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useBlockTransaction } from '../api/block-transaction.ts';
import type { TransactionRow } from '../api/types.ts';

/**
 * The detail panel's actions: Refund (create roles; only while something is refundable) and
 * Mark as blocked (update roles; FAILED transactions only, payments.md §4).
 */
export const TransactionActions = ({ tx }: { tx: TransactionRow }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const block = useBlockTransaction();
  const [refunding, setRefunding] = useState(false);
  const refundable = REFUNDABLE_TRANSACTION_STATUSES.includes(tx.status as TransactionStatus) && remainingOf(tx) > 0;
  const markBlocked = () =>
    block.mutate(tx.id, {
      onSuccess: () => void message.success(t('transactions.blockedDone')),
      onError: (error) =>
        void message.error(
          t(`errors.${error instanceof ApiError ? error.code : 'unknown'}`, { defaultValue: error.message }),
        ),
    });
  return (
    <Space>
      {can(access.refund.create) && refundable && (
        <Button icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
          {t('transactions.refund')}
        </Button>
      )}
      {can(access.transaction.update) && tx.status === 'FAILED' && !tx.blocked && (
        <Popconfirm
          title={t('transactions.markBlockedTitle')}
          description={t('transactions.markBlockedConfirm')}
          okText={t('transactions.markBlocked')}
          cancelText={t('refunds.add.cancel')}
          onConfirm={markBlocked}
        >
          <Button danger icon={<StopOutlined />} loading={block.isPending}>
            {t('transactions.markBlocked')}
          </Button>
        </Popconfirm>
      )}
      {refunding && <AddRefundDialog open transaction={tx} onClose={() => setRefunding(false)} />}
    </Space>
  );
};
