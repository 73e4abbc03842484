import { Card } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import styles from '../pages/login-page.module.css';

/** The centred card every signed-out page shares with the sign-in page; the logo is the installation's (LOGO_URL). */
export const AuthCard = ({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) => {
  const { data: config } = useAppConfig();
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <img src={config?.logo_url ?? '/assets/logo.svg'} alt="" width={40} height={40} />
          <PageTitle size="card">{title}</PageTitle>
        </div>
        {children}
        <div className={styles.footer}>
          {footer ?? <span />}
          <LanguageSwitch />
        </div>
      </Card>
    </main>
  );
};
