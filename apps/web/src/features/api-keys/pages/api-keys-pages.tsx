import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Alert, Button, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useMe } from '@/lib/session.ts';
import { apiKeysCountQueryOptions, apiKeysQueryOptions } from '../api/get-api-keys.ts';
import type { ApiKeyRow } from '../api/types.ts';
import { apiKeyColumns, apiKeyListParams } from '../columns.tsx';
import { ApiKeyDetail } from '../components/api-key-detail.tsx';
import { ApiKeyForm } from '../components/api-key-form.tsx';
import { PageTitle } from '@/components/page-title.tsx';

const ApiKeys = ({ title, listId, intro }: { title: string; listId: string; intro?: ReactNode }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => apiKeyColumns(t), [t]);
  const canCreate = hasAccess(me?.roles ?? [], [...access.apiKey.create, ...access.merchantApiKey.create]);
  return (
    <>
      <ListScreen<ApiKeyRow>
        listId={listId}
        title={title}
        intro={intro}
        params={apiKeyListParams}
        columns={columns}
        listQuery={apiKeysQueryOptions}
        countQuery={apiKeysCountQueryOptions}
        exportPath="apikey/export"
        searchByLabel={(field) => t(`fields:apikey.${field}`)}
        renderDetail={(id, close) => <ApiKeyDetail id={id} onClose={close} />}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('apiKeys.create')}
            </Button>
          )
        }
      />
      <ApiKeyForm open={creating} onClose={() => setCreating(false)} />
    </>
  );
};

/** /psp/api-keys: every key, of every organisation. */
export const PspApiKeysPage = () => {
  const { t } = useTranslation();
  return <ApiKeys title={t('apiKeys.titlePsp')} listId="pspApiKeys" />;
};

/** Developers → API settings: the merchant's own keys, and where the API is described. */
export const ApiSettingsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const canList = hasAccess(me?.roles ?? [], access.merchantApiKey.list);
  const intro = (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('apiKeys.intro')}
      description={
        <Typography.Link href="/v1/openapi.json" target="_blank" rel="noreferrer">
          {t('apiKeys.openapi')}
        </Typography.Link>
      }
    />
  );
  if (!canList) {
    return (
      <>
        <PageTitle>{t('apiKeys.settingsTitle')}</PageTitle>
        {intro}
        <Alert type="warning" showIcon title={t('apiKeys.noRole')} />
      </>
    );
  }
  return <ApiKeys title={t('apiKeys.settingsTitle')} listId="apiKeys" intro={intro} />;
};
