import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import nlNL from 'antd/es/locale/nl_NL';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/nl';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '../lib/languages.ts';

const theme = {
  token: { colorPrimary: '#1f4e79', borderRadius: 6, fontSize: 14 },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff' },
    Menu: { itemSelectedBg: '#e6eef7', itemSelectedColor: '#1f4e79', subMenuItemBg: '#ffffff' },
  },
};

/** The component library and dayjs follow the i18n language (Dutch: week starts Monday). */
export const LocaleProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const dayjsLocale = language === 'nl' ? 'nl' : 'en';
  dayjs.locale(dayjsLocale);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <ConfigProvider locale={language === 'nl' ? nlNL : enUS} theme={theme}>
      {children}
    </ConfigProvider>
  );
};
