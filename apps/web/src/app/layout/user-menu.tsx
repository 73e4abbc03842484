import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../lib/session.ts';
import { endSession } from '../session-flow.ts';

/** The user's name with profile and sign-out. */
export const UserMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('header.profile'), onClick: () => navigate('/profile') },
          { type: 'divider' },
          { key: 'signOut', icon: <LogoutOutlined />, label: t('header.signOut'), onClick: () => void endSession('manual') },
        ],
      }}
    >
      <Button type="text" aria-label={t('header.userMenu')}>
        <Avatar size="small" icon={<UserOutlined />} />
        <span>{me.name || me.email}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
};
