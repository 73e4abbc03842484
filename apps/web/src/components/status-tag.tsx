import { statusVocabularies, type StatusFamily, type StatusVocabulary } from '@kassa/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd tag colours of the domain's colour families (payments.md §4, portal.md §4). */
const colours: Record<StatusFamily, string> = {
  success: 'success',
  processing: 'processing',
  warning: 'warning',
  error: 'error',
  default: 'default',
  purple: 'purple',
};

/** A status in its vocabulary's colour and translated label; unknown values show as grey. */
export const StatusTag = ({
  vocabulary,
  status,
}: {
  vocabulary: StatusVocabulary;
  status: string | null | undefined;
}) => {
  const { t } = useTranslation();
  if (!status) return null;
  const families = statusVocabularies[vocabulary].families as Record<string, StatusFamily>;
  return (
    <Tag color={colours[families[status] ?? 'default']} variant="filled" data-status={status}>
      {t(`statuses.${vocabulary}.${status}`, { defaultValue: status })}
    </Tag>
  );
};

/** Options for a status filter of a vocabulary, translated. */
export const useStatusOptions = (vocabulary: StatusVocabulary) => {
  const { t } = useTranslation();
  return statusVocabularies[vocabulary].values.map((value) => ({ value, label: t(`statuses.${vocabulary}.${value}`) }));
};
