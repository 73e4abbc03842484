import { CopyOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import type { WebhookRow } from './api/types.ts';
import { WebhookStatus } from './components/webhook-status.tsx';
import { webhookItemPages } from './item-pages.ts';

/** The webhooks list of portal.md §2.5; `cloneBase` (the webhook-testing path) adds the clone column. */
export const webhookColumns = (t: TFunction, cloneBase: string | null): ListColumn<WebhookRow>[] => [
  {
    key: 'created_at',
    title: t('fields:webhook.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'url',
    title: t('fields:webhook.url'),
    exportFields: ['url'],
    render: (row) => (
      <Typography.Text ellipsis={{ tooltip: row.url }} style={{ maxWidth: 260 }}>
        {row.url}
      </Typography.Text>
    ),
  },
  {
    key: 'type',
    title: t('fields:webhook.type'),
    sortField: 'type',
    exportFields: ['type'],
    render: (row) => t(`webhooks.types.${row.type}`, { defaultValue: row.type }),
  },
  {
    key: 'item_id',
    title: t('fields:webhook.item_id'),
    exportFields: ['item_id'],
    render: (row) => {
      const page = webhookItemPages[row.type];
      if (!row.item_id) return null;
      // A plain link, like an id in a detail panel; an id without a list of its own stays code.
      return page ? (
        <EntityLink to={page} filter={{ id: row.item_id }} open>
          {row.item_id}
        </EntityLink>
      ) : (
        <Typography.Text code>{row.item_id}</Typography.Text>
      );
    },
  },
  {
    key: 'delivered_on',
    title: t('fields:webhook.delivered_on'),
    sortField: 'delivered_on',
    exportFields: ['delivered_on'],
    render: (row) => (row.delivered_on ? <DateTime value={row.delivered_on} /> : t(`webhooks.states.${row.state}`)),
  },
  {
    key: 'status',
    title: t('fields:webhook.status'),
    exportFields: ['status'],
    render: (row) => <WebhookStatus type={row.type} status={row.status} />,
  },
  ...(cloneBase
    ? [
        {
          key: 'clone',
          title: t('webhooks.clone'),
          render: (row: WebhookRow) => (
            <Tooltip title={t('webhooks.cloneHint')}>
              <Link
                to={`${cloneBase}?_clone=${encodeURIComponent(row.id)}`}
                aria-label={t('webhooks.cloneOf', { id: row.id })}
                onClick={(event) => event.stopPropagation()}
              >
                <CopyOutlined />
              </Link>
            </Tooltip>
          ),
        },
      ]
    : []),
  {
    key: 'id',
    title: t('fields:webhook.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
