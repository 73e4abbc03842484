import { CheckOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '@/lib/session.ts';
import { setThemeChoice, THEME_CHOICES, useTheme } from '@/lib/theme-choice.ts';
import { endSession } from '@/app/session-flow.ts';

const MENU_ID = 'user-menu';

/**
 * Puts the focus on the menu's first item once the menu shows, so keyboard users go on with the
 * arrow keys, without scrolling the page. antd's own `autoFocus` focuses the menu a few frames
 * after opening, and on a busy machine that was before the menu had been placed: the browser
 * scrolled the page to it, the menu then moved with the page, and a click on "Sign out" landed
 * nowhere.
 */
const focusFirstItem = (framesLeft = 30) => {
  const item = document.querySelector<HTMLElement>(`#${MENU_ID} [role="menuitem"]`);
  if (item?.checkVisibility()) item.focus({ preventScroll: true });
  else if (framesLeft > 0) requestAnimationFrame(() => focusFirstItem(framesLeft - 1));
};

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
      onOpenChange={(open) => open && requestAnimationFrame(() => focusFirstItem())}
      menu={{
        id: MENU_ID,
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
              icon:
                option === choice ? (
                  <CheckOutlined />
                ) : (
                  <span aria-hidden style={{ display: 'inline-block', width: 14 }} />
                ),
              label: t(`header.themes.${option}`),
              onClick: () => setThemeChoice(option),
            })),
          },
          { type: 'divider' },
          {
            key: 'signOut',
            icon: <LogoutOutlined />,
            label: t('header.signOut'),
            onClick: () => void endSession('manual'),
          },
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
