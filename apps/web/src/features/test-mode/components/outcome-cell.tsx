import type { TTestCards } from '@kassa/domain';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag.tsx';

type Outcome = Pick<TTestCards['cards'][number], 'status' | 'code'>;

/** What each status the sandbox forces means for the payment, in words. */
const OUTCOMES: Record<string, string> = {
  SETTLEMENT_REQUESTED: 'approved',
  DECLINED: 'declined',
  FAILED: 'failed',
  IN_PROGRESS: 'challenge',
  CHARGEBACK: 'chargeback',
};

/**
 * The outcome a test card or amount forces: the payment's status, and in words what happens —
 * a decline by its reason, looked up by the scheme's code (never the server's English text).
 */
export const OutcomeCell = ({ value }: { value: Outcome }) => {
  const { t } = useTranslation();
  const outcome = OUTCOMES[value.status];
  const words =
    value.code && value.code !== '00'
      ? t(`testCards.reasons.${value.code}`, { defaultValue: value.code })
      : outcome && t(`testCards.outcomes.${outcome}`);
  return (
    <Space size={8} wrap>
      <StatusTag vocabulary="transaction" status={value.status} />
      {words && <Typography.Text>{words}</Typography.Text>}
    </Space>
  );
};
