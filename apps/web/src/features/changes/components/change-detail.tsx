import { Alert, Button, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { DetailDrawer } from '@/components/form-drawer.tsx';
import type { ChangeLine, TChangeRequestRow } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuthorAction, useDecide, useProcessorNames } from '../api/change-requests.ts';
import { ChangeStatus } from './change-status.tsx';

const show = (value: unknown, names: Map<string, string> | undefined) => {
  const text =
    value === null || value === undefined || value === ''
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return names ? text.replace(/prc_[A-Za-z0-9]+/g, (id) => names.get(id) ?? id) : text;
};

/** Backtest outcomes that are not processors. */
const OUTCOMES = new Set(['unrouted', 'blocked', 'tagged', 'three_ds']);

/** One request: what would change (field by field, node by node of a tree), why, the backtest, and the decision. */
export const ChangeDetail = ({
  row,
  me,
  onClose,
}: {
  row: TChangeRequestRow;
  me: string | undefined;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const decide = useDecide();
  const author = useAuthorAction();
  const names = useProcessorNames().data;
  const mine = row.requested_by === me;
  const open = row.status === 'pending' || row.status === 'emergency';
  const error = decide.error ?? author.error;
  const backtest = row.backtest;
  const run = (verdict: 'approve' | 'reject') =>
    decide.mutate({ id: row.id, verdict, comment }, { onSuccess: onClose });
  return (
    <DetailDrawer
      open
      size={640}
      onClose={onClose}
      title={t('changes.detailTitle', { name: row.entity_name ?? row.entity_id ?? row.id })}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('changes.fields.kind')}>
            {t(`changes.kinds.${row.kind}`)} · {t(`changes.actions.${row.action}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('changes.fields.status')}>
            <ChangeStatus row={row} />
          </Descriptions.Item>
          <Descriptions.Item label={t('changes.fields.requested_by')}>
            {row.requested_by_name} {row.requested_with === 'api' && <Tag>{t('changes.byApiKey')}</Tag>} ·{' '}
            <DateTime value={row.created_at} />
          </Descriptions.Item>
          <Descriptions.Item label={t('changes.fields.note')}>{row.note}</Descriptions.Item>
          {row.emergency && (
            <Descriptions.Item label={t('changes.fields.emergency_reason')}>{row.emergency_reason}</Descriptions.Item>
          )}
          <Descriptions.Item
            label={row.status === 'emergency' ? t('changes.fields.due_at') : t('changes.fields.expires_at')}
          >
            <DateTime value={row.status === 'emergency' ? row.due_at : row.expires_at} />
          </Descriptions.Item>
          {row.decided_by_name && (
            <Descriptions.Item label={t('changes.fields.decided_by')}>
              {row.decided_by_name} · <DateTime value={row.decided_at} />
              {row.decision_comment ? ` — ${row.decision_comment}` : ''}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('changes.diff')}
        </Typography.Title>
        <Table
          size="small"
          pagination={false}
          rowKey="path"
          dataSource={row.diff}
          columns={[
            { title: t('changes.fields.path'), dataIndex: 'path', render: (path: string) => <code>{path}</code> },
            {
              title: t('changes.fields.before'),
              dataIndex: 'before',
              render: (v: unknown) => <del>{show(v, names)}</del>,
            },
            {
              title: t('changes.fields.after'),
              dataIndex: 'after',
              // A credential: that it changes, never its value.
              render: (v: unknown, line: ChangeLine) =>
                line.secret ? <ins>{t('changes.secretChanged')}</ins> : <ins>{show(v, names)}</ins>,
            },
          ]}
        />
        {backtest && (
          <>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {t('changes.backtest', { count: backtest.transactions })}
            </Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={[...new Set([...Object.keys(backtest.draft), ...Object.keys(backtest.actual)])].map(
                (key) => ({
                  key,
                  draft: backtest.draft[key] ?? 0,
                  actual: backtest.actual[key] ?? 0,
                }),
              )}
              columns={[
                {
                  title: t('changes.fields.outcome'),
                  dataIndex: 'key',
                  render: (key: string) => (OUTCOMES.has(key) ? t(`changes.outcomes.${key}`) : show(key, names)),
                },
                { title: t('changes.fields.withChange'), dataIndex: 'draft', align: 'right' },
                { title: t('changes.fields.happened'), dataIndex: 'actual', align: 'right' },
              ]}
            />
          </>
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            title={
              error instanceof ApiError
                ? t(`errors.${error.code}`, { defaultValue: error.message })
                : t('errors.unknown')
            }
          />
        )}
        {open && !mine && (
          <>
            <Input.TextArea
              aria-label={t('changes.comment')}
              placeholder={t('changes.comment')}
              rows={2}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <Space>
              <Button type="primary" loading={decide.isPending} onClick={() => run('approve')}>
                {row.status === 'emergency' ? t('changes.approveAfter') : t('changes.approve')}
              </Button>
              <Button danger disabled={!comment.trim()} loading={decide.isPending} onClick={() => run('reject')}>
                {t('changes.reject')}
              </Button>
            </Space>
          </>
        )}
        {row.status === 'pending' && mine && (
          <Space>
            <Typography.Text type="secondary">{t('changes.yoursWaiting')}</Typography.Text>
            <Button onClick={() => author.mutate({ id: row.id, action: 'renew' }, { onSettled: onClose })}>
              {t('changes.renew')}
            </Button>
            <Button onClick={() => author.mutate({ id: row.id, action: 'withdraw' }, { onSuccess: onClose })}>
              {t('changes.withdraw')}
            </Button>
          </Space>
        )}
        {/* An expired request is asked again against the item as it is now (a key's never: a new key is a new request). */}
        {row.status === 'expired' && mine && row.kind !== 'apikey' && (
          <Button onClick={() => author.mutate({ id: row.id, action: 'renew' }, { onSettled: onClose })}>
            {t('changes.renew')}
          </Button>
        )}
      </Space>
    </DetailDrawer>
  );
};
