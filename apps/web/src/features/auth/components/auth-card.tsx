import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import styles from '../pages/login-page.module.css';

/** The centred card every signed-out page shares with the sign-in page. */
export const AuthCard = ({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) => (
  <main className={styles.page}>
    <Card className={styles.card}>
      <div className={styles.brand}>
        <img src="/assets/logo.svg" alt="" width={40} height={40} />
        <Typography.Title level={3} className={styles.title}>{title}</Typography.Title>
      </div>
      {children}
      <div className={styles.footer}>
        {footer ?? <span />}
        <LanguageSwitch />
      </div>
    </Card>
  </main>
);
