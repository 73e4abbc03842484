import { useTranslation } from 'react-i18next';

/** `allowClear` for a Select whose clear button is named in the user's language (the library's own label is English 'Clear'). */
export const useClearable = () => {
  const { t } = useTranslation();
  return { label: t('common.clear') };
};
