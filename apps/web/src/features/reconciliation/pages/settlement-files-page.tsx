import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { FILE_PATH, filesCountQueryOptions, filesQueryOptions, type SettlementFileRow } from '../api/reconciliation.ts';
import { fileColumns, fileListParams } from '../columns.tsx';
import { FileDetail } from '../components/file-detail.tsx';

/** psp/reconciliation/files (issue 34): the acquirers' settlement reports Kassa imported, and what each paid in. */
export const SettlementFilesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => fileColumns(t), [t]);
  return (
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
    />
  );
};
