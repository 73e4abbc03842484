import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import nlNL from 'antd/es/locale/nl_NL';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/nl';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@/lib/languages.ts';
import { usePrefersReducedMotion, useTheme } from '@/lib/theme-choice.ts';
import { antdThemeOf, cssVariablesOf } from './theme.ts';

/**
 * A button's loading icon without antd's shrink animation: on a busy machine that animation can
 * miss its transitionend and leave an invisible icon named "loading" in the button for good, so
 * the button is announced as "loading Confirm" after the work is done (and the forced-MFA browser
 * test could not find "Confirm"). Hidden from assistive technology: the name stays the visible text.
 */
const buttonConfig = { loadingIcon: <LoadingOutlined aria-hidden /> };

/**
 * The component library and dayjs follow the i18n language (Dutch: week starts Monday), and the
 * light or dark theme (the page's own colours in global.css follow `data-theme`).
 */
export const LocaleProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const { mode } = useTheme();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => antdThemeOf(mode, reducedMotion), [mode, reducedMotion]);
  const dayjsLocale = language === 'nl' ? 'nl' : 'en';
  dayjs.locale(dayjsLocale);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    for (const [name, value] of Object.entries(cssVariablesOf(mode))) root.style.setProperty(name, value);
  }, [mode]);
  return (
    // antd's App (message, notification and modal hooks) is in the signed-in layout, not here:
    // the sign-in page does not download it.
    <ConfigProvider locale={language === 'nl' ? nlNL : enUS} theme={theme} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
};
