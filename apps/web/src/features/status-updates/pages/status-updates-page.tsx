import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { statusUpdatesCountQueryOptions, statusUpdatesQueryOptions } from '../api/get-status-updates.ts';
import type { StatusUpdateRow } from '../api/status-updates.ts';
import { statusUpdateColumns, statusUpdateListParams } from '../columns.tsx';
import { StatusUpdateDetail } from '../components/status-update-detail.tsx';
import { StatusUpdateForm } from '../components/status-update-form.tsx';

/** `admin/status-updates` (portal.md §2.4, title 'Status update'). */
export const StatusUpdatesPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => statusUpdateColumns(t), [t]);
  return (
    <>
      <ListScreen<StatusUpdateRow>
        listId="adminStatusUpdates"
        title={t('admin.statusUpdate')}
        params={statusUpdateListParams}
        columns={columns}
        listQuery={statusUpdatesQueryOptions}
        countQuery={statusUpdatesCountQueryOptions}
        exportPath="statusupdate/export"
        searchByLabel={(field) => t(`fields:statusupdate.${field}`)}
        renderDetail={(id, close) => <StatusUpdateDetail id={id} onClose={close} />}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('admin.createStatusUpdate')}
          </Button>
        }
      />
      <StatusUpdateForm
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(`/psp/admin/status-updates?open=${encodeURIComponent(id)}`);
        }}
      />
    </>
  );
};
