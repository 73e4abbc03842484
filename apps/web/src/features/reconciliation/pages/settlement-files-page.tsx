import { UploadOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '@/lib/authorisation.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { FILE_PATH, filesCountQueryOptions, filesQueryOptions, type SettlementFileRow } from '../api/reconciliation.ts';
import { fileColumns, fileListParams } from '../columns.tsx';
import { FileDetail } from '../components/file-detail.tsx';
import { UploadForm } from '../components/upload-form.tsx';

/** psp/reconciliation/files (issue 34): the acquirers' settlement reports Kassa imported, and what each paid in. */
export const SettlementFilesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => fileColumns(t), [t]);
  const can = useCan();
  const [, setSearch] = useSearchParams();
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <ListScreen<SettlementFileRow>
        listId="settlementFiles"
        title={t('nav.items.pspSettlementFiles')}
        intro={<Typography.Paragraph type="secondary">{t('reconciliation.filesIntro')}</Typography.Paragraph>}
        params={fileListParams}
        columns={columns}
        listQuery={filesQueryOptions}
        countQuery={filesCountQueryOptions}
        exportPath={`${FILE_PATH}/export`}
        searchByLabel={(field) => t(`fields:settlementfile.${field}`)}
        renderDetail={(id, close) => <FileDetail id={id} onClose={close} />}
        actions={
          can(access.reconciliation.upload) && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('reconciliation.upload')}
            </Button>
          )
        }
      />
      {uploading && (
        <UploadForm
          onClose={() => setUploading(false)}
          onDone={(id) => {
            setUploading(false);
            setSearch((current) => {
              current.set('open', id);
              return current;
            });
          }}
        />
      )}
    </>
  );
};
