import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** An id in monospace with a copy button (detail panels). */
export const CopyableId = ({ value }: { value: string | null | undefined }) => {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Typography.Text code copyable={{ text: value, tooltips: [t('detail.copy'), t('detail.copied')] }}>
      {value}
    </Typography.Text>
  );
};
