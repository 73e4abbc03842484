import { CheckOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../lib/session.ts';
import { setThemeChoice, THEME_CHOICES, useTheme } from '../../lib/theme-choice.ts';
import { endSession } from '../session-flow.ts';

/** The user's name with profile, the theme (light, dark, or the system's) and sign-out. */
export const UserMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { choice } = useTheme();
  if (!me) return null;
  const name = me.name || me.email;
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [`theme:${choice}`],
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('header.profile'), onClick: () => navigate('/profile') },
          {
            type: 'group',
            key: 'theme',
            label: t('header.theme'),
            children: THEME_CHOICES.map((option) => ({
              key: `theme:${option}`,
              icon: option === choice ? <CheckOutlined /> : <span aria-hidden style={{ display: 'inline-block', width: 14 }} />,
              label: t(`header.themes.${option}`),
              onClick: () => setThemeChoice(option),
            })),
          },
          { type: 'divider' },
          { key: 'signOut', icon: <LogoutOutlined />, label: t('header.signOut'), onClick: () => void endSession('manual') },
        ],
      }}
    >
      {/* The accessible name starts with the visible name (WCAG 2.5.3 Label in Name). */}
      <Button type="text" aria-label={t('header.userMenuOf', { name })} aria-haspopup="menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span>{name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
};
