import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useMe } from '@/lib/session.ts';
import { usersCountQueryOptions } from '../api/get-users-count.ts';
import { usersQueryOptions } from '../api/get-users.ts';
import { userPath, type UserRow, type UserSide } from '../api/types.ts';
import { userColumns } from '../columns.tsx';
import { UserDetail } from '../components/user-detail.tsx';
import { UserForm } from '../components/user-form.tsx';
import { userListParams } from '../search-params.ts';

/** Platform users (merchant side) and provider users share one screen (risk-config.md §2.1, §2.2). */
const Users = ({ side }: { side: UserSide }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => userColumns(t), [t]);
  const listQuery = useMemo(() => usersQueryOptions(side), [side]);
  const countQuery = useMemo(() => usersCountQueryOptions(side), [side]);
  const canCreate = hasAccess(me?.roles ?? [], side === 'psp' ? access.pspUser.create : access.platformUser.create);
  return (
    <>
      <ListScreen<UserRow>
        listId={side === 'psp' ? 'pspUsers' : 'users'}
        title={t(side === 'psp' ? 'users.titlePsp' : 'users.title')}
        params={userListParams}
        columns={columns}
        listQuery={listQuery}
        countQuery={countQuery}
        exportPath={`${userPath(side)}/export`}
        searchByLabel={(field) => t(`fields:user.${field}`)}
        renderDetail={(id, close) => <UserDetail side={side} id={id} onClose={close} />}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('users.create')}
            </Button>
          )
        }
      />
      <UserForm side={side} user={null} open={creating} onClose={() => setCreating(false)} />
    </>
  );
};

export const UsersPage = () => <Users side="platform" />;
export const PspUsersPage = () => <Users side="psp" />;
