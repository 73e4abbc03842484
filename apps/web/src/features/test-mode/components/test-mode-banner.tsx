import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMode } from '../api/choose-mode.ts';
import styles from './test-mode.module.css';

/**
 * The band on every signed-in page while the user looks at test data: a colour no other part of
 * the app uses, an icon and words, so it is unmistakable without seeing colour (WCAG 1.4.1). The
 * same dark text on amber in the light and the dark theme, well above 4.5:1.
 */
export const TestModeBanner = () => {
  const { t } = useTranslation();
  if (useMode() !== 'test') return null;
  return (
    <div className={styles.banner} data-testid="test-mode-banner">
      <ExperimentOutlined aria-hidden className={styles.icon} />
      <strong>{t('testMode.banner')}</strong>
      <span>{t('testMode.bannerDetail')}</span>
      <Link to="/test-cards" className={styles.link}>
        {t('testMode.testCardsLink')}
      </Link>
    </div>
  );
};
