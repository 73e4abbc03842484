import { ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { datePattern } from '@/lib/format.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useRunBilling } from '../api/run-billing.ts';
import type { BillingRunResult } from '../api/types.ts';

/**
 * Development and demo control: bill the due subscriptions now instead of waiting for the
 * periodic job, optionally as if it were a later moment (the server refuses it in production).
 */
export const BillingRunButton = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<Dayjs | null>(null);
  const [result, setResult] = useState<BillingRunResult | null>(null);
  const run = useRunBilling();
  const succeeded = result?.charged.filter((c) => c.status === 'SETTLEMENT_REQUESTED') ?? [];
  const total = succeeded.reduce((sum, c) => sum + c.charged_amount, 0);

  const start = async () => {
    setResult(null);
    try {
      setResult(
        await run.mutateAsync({ now: when ? when.toISOString() : null, organisation: organisationFor(pathname) }),
      );
    } catch {
      // Shown from the mutation's error below.
    }
  };

  return (
    <>
      <Button icon={<ThunderboltOutlined />} onClick={() => setOpen(true)}>
        {t('recurring.billing.run')}
      </Button>
      <Modal
        open={open}
        // Above an open detail drawer, whose subscription the run may change.
        zIndex={1100}
        title={t('recurring.billing.title')}
        okText={t('recurring.billing.start')}
        cancelText={t('recurring.close')}
        confirmLoading={run.isPending}
        onOk={() => void start()}
        onCancel={() => {
          setOpen(false);
          setResult(null);
        }}
      >
        <Typography.Paragraph type="secondary">{t('recurring.billing.explain')}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('recurring.billing.simulatedTime')} extra={t('recurring.billing.simulatedHint')}>
            <DatePicker showTime value={when} onChange={setWhen} format={`${datePattern(format.language)} HH:mm`} />
          </Form.Item>
        </Form>
        {run.error && (
          <Alert
            type="error"
            showIcon
            title={
              run.error instanceof ApiError
                ? t(`errors.${run.error.code}`, { defaultValue: run.error.message })
                : t('errors.unknown')
            }
          />
        )}
        {result && (
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            showIcon
            title={t('recurring.billing.result', {
              count: result.charged.length,
              succeeded: succeeded.length,
              failed: result.charged.length - succeeded.length,
              amount: format.money(total),
            })}
          />
        )}
      </Modal>
    </>
  );
};
