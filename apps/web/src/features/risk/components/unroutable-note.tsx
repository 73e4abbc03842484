import { WarningOutlined } from '@ant-design/icons';
import type { TUnroutable } from '@kassa/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "Unroutable" beside one processor of a routing (risk-config.md §5, §8), once per reason: in words
 * and with an icon, not by colour alone; a payment profile is named where one lacks the processor.
 */
export const UnroutableNote = ({
  processor,
  unroutable,
  profileName,
}: {
  processor: string;
  unroutable: readonly TUnroutable[];
  profileName: (id: string) => string;
}) => {
  const { t } = useTranslation();
  const own = unroutable.filter((u) => u.processor === processor);
  if (own.length === 0) return null;
  return (
    <>
      {own.map((u) => (
        <Tag
          key={`${u.reason}-${u.payment_profile ?? ''}`}
          color="warning"
          icon={<WarningOutlined />}
          data-testid="unroutable"
          style={{ marginInlineStart: 8 }}
        >
          {t('routing.unroutable.label')}:{' '}
          {t(`routing.unroutable.${u.reason}`, { profile: u.payment_profile ? profileName(u.payment_profile) : '' })}
        </Tag>
      ))}
    </>
  );
};
