import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colourOf = (code: number) =>
  code < 300 ? 'success' : code < 400 ? 'warning' : code < 500 ? 'error' : code < 600 ? 'purple' : 'default';

/** A response code as a tag coloured by class, with its status text (fallback for unknown codes) (§8). */
export const ResponseCode = ({ code }: { code: number | null }) => {
  const { t } = useTranslation();
  if (code === null) return null;
  return (
    <Tag color={colourOf(code)}>
      {code} {t(`auditTrail.codes.${code}`, { defaultValue: t('auditTrail.codes.unknown') })}
    </Tag>
  );
};
