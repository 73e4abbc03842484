import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag.tsx';
import type { TestOutcome } from '../api/get-test-cards.ts';

/** The outcome a test card or amount forces: the payment's status, and what happens, in words. */
export const OutcomeCell = ({ value }: { value: TestOutcome }) => {
  const { t } = useTranslation();
  // A decline names its reason by the scheme's code; the other outcomes say what happens.
  const words =
    value.code && value.code !== '00'
      ? t(`testCards.reasons.${value.code}`, { defaultValue: value.reason ?? value.code })
      : t(`testCards.outcomes.${value.outcome}`, { defaultValue: value.outcome });
  return (
    <Space size={8} wrap>
      <StatusTag vocabulary="transaction" status={value.status} />
      <Typography.Text>{words}</Typography.Text>
    </Space>
  );
};
