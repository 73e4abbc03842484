import { App as AntApp, Layout } from 'antd';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAppConfig } from '@/lib/app-config.ts';
import { watchInactivity } from '@/lib/inactivity.ts';
import { endSession } from '@/app/session-flow.ts';
import { PageSpinner, Suspended } from '@/app/suspended.tsx';
import { TestModeBanner } from '@/features/test-mode/components/test-mode-banner.tsx';
import { HeaderBar } from './header-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import styles from './app-layout.module.css';

/** Moves focus to the page's content without a URL change the router would see. */
const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  const content = document.getElementById('content');
  content?.focus();
  content?.scrollIntoView();
};

/** The signed-in shell: side navigation, header, and the content area. */
export const AppLayout = () => {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  // The idle limit is the server's (SESSION_IDLE_SECONDS), so both end a session at the same time.
  const idleSeconds = useAppConfig().data?.session_idle_seconds;
  useEffect(
    () => (idleSeconds ? watchInactivity(idleSeconds * 1000, () => void endSession('expired')) : undefined),
    [idleSeconds],
  );
  // antd's App (message, notification, modal hooks) lives here, not at the root, so the sign-in
  // page does not download it.
  return (
    <AntApp>
      <Layout className={styles.shell}>
        <a href="#content" className={styles.skip} onClick={skipToContent}>
          {t('app.skipToContent')}
        </a>
        <Layout.Sider
          width={248}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="xl"
          collapsedWidth={64}
          trigger={null}
          theme="light"
          className={styles.sider}
        >
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
        <Layout>
          <div className={styles.top}>
            <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
            <TestModeBanner />
          </div>
          <Layout.Content id="content" tabIndex={-1} className={styles.content}>
            <Suspended>
              <Outlet />
            </Suspended>
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
};

export { PageSpinner };
