import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { ModeSwitch } from '@/features/test-mode/components/mode-switch.tsx';
import { OrganisationSelector } from './organisation-selector.tsx';
import { UserMenu } from './user-menu.tsx';
import styles from './app-layout.module.css';

export const HeaderBar = ({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  return (
    <Layout.Header className={styles.header}>
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('header.openMenu') : t('header.closeMenu')}
        aria-expanded={!collapsed}
      />
      <OrganisationSelector />
      <span className={styles.spacer} />
      <ModeSwitch />
      <LanguageSwitch />
      <UserMenu />
    </Layout.Header>
  );
};
