import { Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A reason code's description in the user's language when Kassa knows the code (the schemes' own
 * list, `CHARGEBACK_REASON_CODES`), else the text the acquirer sent.
 */
export const reasonText = (t: TFunction, code: string | null, text: string | null): string | null =>
  code ? t(`chargebacks.reasonCodes.${code.replace('.', '_')}`, { defaultValue: text ?? '' }) || text : text;

/** A chargeback reason: the scheme's reason code and its description. */
export const ChargebackReason = ({ code, text }: { code: string | null; text: string | null }) => {
  const { t } = useTranslation();
  const description = reasonText(t, code, text);
  return (
    <Space size={6} style={{ whiteSpace: 'nowrap' }}>
      {code && <Tag variant="outlined">{code}</Tag>}
      {description && (
        <Typography.Text ellipsis style={{ maxWidth: 280 }}>
          {description}
        </Typography.Text>
      )}
    </Space>
  );
};
