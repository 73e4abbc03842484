import { access, type TReconciliationDecision } from '@kassa/domain';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useMe } from '@/lib/session.ts';
import {
  exceptionQueryOptions,
  merchantExceptionQueryOptions,
  useDecision,
  type ExceptionRow,
} from '../api/reconciliation.ts';
import { ExceptionState } from '../columns.tsx';

type ReasonAction = 'resolve' | 'request_write_off';

/** A reason for resolving or writing off, asked in a dialog; the server's message shows when it refuses. */
const ReasonDialog = ({
  action,
  onCancel,
  onSubmit,
  pending,
  error,
}: {
  action: ReasonAction;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
  pending: boolean;
  error: string | null;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t(`reconciliation.actions.${action}`)}
      okText={t(`reconciliation.actions.${action}`)}
      cancelText={t('reconciliation.cancel')}
      onCancel={onCancel}
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('fields:reconciliationexception.reason')}
          rules={[{ required: true, whitespace: true, message: t('reconciliation.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
      {error && <Alert type="error" title={error} showIcon />}
    </Modal>
  );
};

/** The actions a provider finance user may take on an exception in its state. */
const Actions = ({ row }: { row: ExceptionRow }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useMe();
  const can = useCan();
  const decision = useDecision();
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!can(access.reconciliation.decide)) return null;
  const decide = (body: TReconciliationDecision) => {
    setError(null);
    decision.mutate(body, {
      onSuccess: () => {
        setAsking(null);
        void message.success(t(`reconciliation.done.${body.action}`));
      },
      onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
    });
  };
  const ids = [row.id];
  const active = row.state === 'open' || row.state === 'investigating';
  return (
    <>
      <Space wrap>
        {active && me && row.owner !== me.id && (
          <Button onClick={() => decide({ action: 'assign', ids, owner: me.id })}>
            {t('reconciliation.actions.assignToMe')}
          </Button>
        )}
        {row.state === 'open' && (
          <Button onClick={() => decide({ action: 'investigate', ids })}>
            {t('reconciliation.actions.investigate')}
          </Button>
        )}
        {active && (
          <Button type="primary" onClick={() => setAsking('resolve')}>
            {t('reconciliation.actions.resolve')}
          </Button>
        )}
        {active && (
          <Button onClick={() => setAsking('request_write_off')}>
            {t('reconciliation.actions.request_write_off')}
          </Button>
        )}
        {row.state === 'write_off_requested' &&
          (me && row.write_off_requested_by === me.id ? (
            <Alert type="info" showIcon title={t('reconciliation.secondPerson')} />
          ) : (
            <Button type="primary" onClick={() => decide({ action: 'approve_write_off', ids })}>
              {t('reconciliation.actions.approve_write_off')}
            </Button>
          ))}
      </Space>
      {error && !asking && <Alert type="error" title={error} showIcon />}
      {asking && (
        <ReasonDialog
          action={asking}
          pending={decision.isPending}
          error={error}
          onCancel={() => {
            setAsking(null);
            setError(null);
          }}
          onSubmit={(reason) => decide({ action: asking, ids, reason })}
        />
      )}
    </>
  );
};

/**
 * An exception: what the file said against what Kassa expected, its state and who has it, and the
 * decisions. A merchant's (`merchant`) is read-only: its own route, no decisions, not the provider's
 * file, processor settlement or owner.
 */
export const ExceptionDetail = ({
  id,
  onClose,
  merchant = false,
}: {
  id: string;
  onClose: () => void;
  merchant?: boolean;
}) => {
  const { t } = useTranslation();
  const query = useQuery(merchant ? merchantExceptionQueryOptions(id, 'merchant') : exceptionQueryOptions(id, 'psp'));
  const row = query.data;
  const f = (field: string) => t(`fields:reconciliationexception.${field}`);
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={query.isPending}
      notFound={query.error instanceof ApiError && query.error.status === 404}
      title={row ? t(`reconciliation.kinds.${row.kind}`) : t('reconciliation.exception')}
      tabs={
        row
          ? [
              {
                key: 'details',
                label: t('admin.details'),
                children: (
                  <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                    {!merchant && <Actions row={row} />}
                    <DetailFields
                      fields={[
                        { label: f('id'), value: <CopyableId value={row.id} /> },
                        { label: f('state'), value: <ExceptionState state={row.state} t={t} /> },
                        { label: f('kind'), value: t(`reconciliation.kinds.${row.kind}`) },
                        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
                        ...(merchant
                          ? []
                          : [
                              { label: f('merchant'), value: row.merchant_name ?? t('reconciliation.noMerchant') },
                              { label: f('processor_settlement'), value: row.processor_settlement_name },
                              {
                                label: f('settlement_file'),
                                value: row.settlement_file
                                  ? `${row.settlement_file} · ${t('reconciliation.line', { line: row.line_no })}`
                                  : '—',
                              },
                            ]),
                        { label: f('item_id'), value: row.item_id ? <CopyableId value={row.item_id} /> : '—' },
                        { label: f('settlement'), value: row.settlement ? <CopyableId value={row.settlement} /> : '—' },
                        { label: f('acquirer_reference'), value: row.acquirer_reference ?? '—' },
                        { label: f('merchant_reference'), value: row.merchant_reference ?? '—' },
                        {
                          label: f('expected_amount'),
                          value: <Money amount={row.expected_amount} currency={row.currency_code} />,
                        },
                        {
                          label: f('actual_amount'),
                          value: <Money amount={row.actual_amount} currency={row.currency_code} />,
                        },
                        {
                          label: f('amount_difference'),
                          value: <Money amount={row.amount_difference} currency={row.currency_code} />,
                        },
                        ...(merchant ? [] : [{ label: f('owner'), value: row.owner_name ?? '—' }]),
                        { label: f('reason'), value: row.reason ?? '—' },
                        {
                          label: f('decided_at'),
                          value: row.decided_at ? <DateTime value={row.decided_at} style="long" /> : '—',
                        },
                      ]}
                    />
                  </Space>
                ),
              },
            ]
          : []
      }
    />
  );
};
