import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useMe } from '@/lib/session.ts';
import { welcomeMailsCountQueryOptions, welcomeMailsQueryOptions } from '../api/get-welcome-mails.ts';
import { useWelcomeMailMutations } from '../api/save-welcome-mail.ts';
import type { WelcomeMailRow } from '../api/types.ts';
import { welcomeMailColumns } from '../columns.tsx';
import { PreviewDialog } from '../components/preview-dialog.tsx';
import { WelcomeMailDetail } from '../components/welcome-mail-detail.tsx';

const params: ListParamsDef = {
  filters: { default: param.bool(), psp_default: param.bool() },
  sortable: ['name', 'created_at', 'updated_at', 'default', 'psp_default'],
  defaultSort: 'name',
  searchBy: ['name'],
};

/** /psp/welcome-mails (risk-config.md §2.11, §4). */
export const WelcomeMailsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const canEdit = hasAccess(me?.roles ?? [], access.welcomeMail.update);
  const canCreate = hasAccess(me?.roles ?? [], access.welcomeMail.create);
  const { save, preview } = useWelcomeMailMutations();
  const [previewing, setPreviewing] = useState<WelcomeMailRow | null>(null);
  const [creating, setCreating] = useState(false);
  const { message } = App.useApp();
  const columns = useMemo(
    () =>
      welcomeMailColumns(t, {
        canEdit,
        // The spec's toggle: save the row with that flag inverted, then the list reloads.
        onToggle: (row, flag) =>
          save.mutate(
            { id: row.id, name: row.name, content: row.content, [flag]: !row[flag] },
            { onError: (error) => void message.error(showServerError(null, t, error) ?? t('errors.unknown')) },
          ),
        onPreview: (row) => {
          preview.reset();
          setPreviewing(row);
        },
      }),
    [t, canEdit, save, preview, message],
  );
  return (
    <>
      <ListScreen<WelcomeMailRow>
        listId="welcomeMails"
        title={t('welcomeMails.title')}
        params={params}
        columns={columns}
        listQuery={welcomeMailsQueryOptions}
        countQuery={welcomeMailsCountQueryOptions}
        searchByLabel={(field) => t(`fields:welcome_mail.${field}`)}
        renderDetail={(id, close) => <WelcomeMailDetail id={id} canEdit={canEdit} onClose={close} />}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('welcomeMails.create')}
            </Button>
          )
        }
      />
      {creating && <WelcomeMailDetail id={null} canEdit onClose={() => setCreating(false)} />}
      <PreviewDialog
        row={previewing}
        sending={preview.isPending}
        failed={preview.isError}
        onSend={() => previewing && preview.mutate(previewing.id, { onSuccess: () => setPreviewing(null) })}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
};
