import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { DetailDrawer } from '@/components/form-drawer.tsx';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useVersions } from '../api/get-versions.ts';
import { useRollback } from '../api/rollback.ts';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** Every saved version of a routing or ruleset, who and when, what changed, and a rollback per version. */
export const VersionHistory = ({
  path,
  id,
  current,
  canRollback,
  onClose,
  onRolledBack,
}: {
  path: 'routing' | 'validationruleset';
  id: string;
  current: number;
  canRollback: boolean;
  onClose: () => void;
  onRolledBack?: () => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const scope = useOrganisationScope(useLocation().pathname);
  const versions = useVersions(path, id, scope);
  const rollback = useRollback();
  const [modal, holder] = Modal.useModal();
  const confirm = (version: number) =>
    modal.confirm({
      title: t('risk.history.rollbackTitle', { version }),
      content: t('risk.history.rollbackConfirm', { version }),
      okText: t('risk.history.rollback'),
      cancelText: t('risk.cancel'),
      onOk: async () => {
        await rollback.mutateAsync({ path, id, version });
        onRolledBack?.();
      },
    });
  return (
    <DetailDrawer
      open
      onClose={onClose}
      size={560}
      title={
        <Space>
          <HistoryOutlined />
          {t('risk.history.title')}
        </Space>
      }
    >
      {holder}
      {rollback.error ? (
        <Alert
          type="error"
          showIcon
          title={rollback.error instanceof ApiError ? rollback.error.message : t('errors.unknown')}
        />
      ) : null}
      <List
        loading={versions.isPending}
        dataSource={versions.data ?? []}
        renderItem={(v) => (
          <List.Item
            actions={
              canRollback && v.version !== current && v.change !== 'deleted'
                ? [
                    <Button key="rollback" size="small" onClick={() => confirm(v.version)}>
                      {t('risk.history.rollbackTo', { version: v.version })}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{t('risk.history.version', { version: v.version })}</span>
                  <Tag>{t(`risk.history.changes.${v.change}`)}</Tag>
                  {v.version === current && <Tag color="processing">{t('risk.history.current')}</Tag>}
                </Space>
              }
              description={t('risk.history.by', {
                user: v.user_name ?? t('risk.history.unknownUser'),
                when: format.dateTime(v.created_at),
              })}
            />
            {v.diff.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 16, maxWidth: 300 }}>
                {v.diff.slice(0, 8).map((line) => (
                  <li key={line.path}>
                    <Typography.Text code>{line.path}</Typography.Text>{' '}
                    <Typography.Text delete type="secondary">
                      {show(line.before)}
                    </Typography.Text>{' '}
                    → {show(line.after)}
                  </li>
                ))}
                {v.diff.length > 8 && <li>{t('risk.history.more', { count: v.diff.length - 8 })}</li>}
              </ul>
            )}
          </List.Item>
        )}
      />
    </DetailDrawer>
  );
};
