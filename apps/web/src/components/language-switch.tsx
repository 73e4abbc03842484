import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n.ts';
import { LANGUAGES, resolveLanguage } from '../lib/languages.ts';

/** Switches between Dutch and English; every string, number and date follows. */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('header.language')}
      value={resolveLanguage(i18n.language)}
      onChange={(value) => void changeLanguage(value)}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`header.languages.${language}`) }))}
    />
  );
};
