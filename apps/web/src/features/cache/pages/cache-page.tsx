import { ReloadOutlined } from '@ant-design/icons';
import type { TCacheEntry } from '@kassa/domain';
import { Alert, Button, Flex, Popconfirm, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useClearCache } from '../api/clear-cache.ts';
import { useCaches } from '../api/get-caches.ts';

/** An age in the largest whole unit: "45 s", "12 min", "3 h", "2 d". */
const useAge = () => {
  const { t } = useTranslation();
  const format = useFormat();
  return (seconds: number | null) => {
    if (seconds === null) return t('cache.nothingCached');
    const [value, unit] =
      seconds < 60
        ? [seconds, 'second']
        : seconds < 3600
          ? [seconds / 60, 'minute']
          : seconds < 86_400
            ? [seconds / 3600, 'hour']
            : [seconds / 86_400, 'day'];
    return new Intl.NumberFormat(format.language, {
      style: 'unit',
      unit,
      unitDisplay: 'long',
      maximumFractionDigits: 0,
    }).format(Math.floor(value));
  };
};

/** `admin/cache` (portal.md §2.4, issue 13): what Kassa caches, the age of each, and a clear per cache that reaches every API process. */
export const CachePage = () => {
  const { t } = useTranslation();
  const caches = useCaches();
  const clear = useClearCache();
  const age = useAge();
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <PageTitle>{t('cache.title')}</PageTitle>
        <Button icon={<ReloadOutlined />} onClick={() => void caches.refetch()} loading={caches.isFetching}>
          {t('cache.refresh')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('cache.intro')}
      </Typography.Paragraph>
      {clear.error && (
        <Alert
          type="error"
          showIcon
          title={clear.error instanceof ApiError ? clear.error.message : clear.error.message}
        />
      )}
      {clear.data && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('cache.cleared', { name: t(`cache.names.${clear.data.name}`) })}
        />
      )}
      <Table<TCacheEntry>
        rowKey="name"
        loading={caches.isPending}
        dataSource={caches.data}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('cache.columns.name'),
            render: (_, row) => (
              <>
                <Typography.Text strong>{t(`cache.names.${row.name}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`cache.descriptions.${row.name}`)}</Typography.Text>
              </>
            ),
          },
          {
            key: 'entries',
            title: t('cache.columns.entries'),
            align: 'right',
            render: (_, row) =>
              row.entries === null ? null : new Intl.NumberFormat(document.documentElement.lang).format(row.entries),
          },
          { key: 'age', title: t('cache.columns.age'), render: (_, row) => age(row.age_seconds) },
          {
            key: 'cleared',
            title: t('cache.columns.cleared'),
            render: (_, row) =>
              row.cleared_at ? (
                <>
                  {<DateTime value={row.cleared_at} />}
                  {row.cleared_by?.name ? ` · ${row.cleared_by.name}` : ''}
                </>
              ) : (
                t('cache.neverCleared')
              ),
          },
          {
            key: 'action',
            title: t('cache.columns.action'),
            render: (_, row) => (
              <Popconfirm
                title={t(`cache.confirm.${row.name}`)}
                okText={t('cache.clear')}
                cancelText={t('merchants.cancel')}
                onConfirm={() => clear.mutate(row.name)}
              >
                <Button
                  danger={row.name === 'sessions'}
                  loading={clear.isPending && clear.variables === row.name}
                  aria-label={t('cache.clearOf', { name: t(`cache.names.${row.name}`) })}
                >
                  {t('cache.clear')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
};
