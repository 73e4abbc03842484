import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n.ts';
import { LANGUAGES, resolveLanguage } from '@/lib/languages.ts';

const SHORT: Record<(typeof LANGUAGES)[number], string> = { nl: 'NL', 'en-US': 'EN' };

/** Switches between Dutch and English; every string, number and date follows. */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      aria-label={t('header.language')}
      size="small"
      value={resolveLanguage(i18n.language)}
      onChange={(value) => void changeLanguage(value)}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: (
          <span title={t(`header.languages.${language}`)} lang={language}>
            {SHORT[language]}
          </span>
        ),
      }))}
    />
  );
};
