import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess, SHARE_STATUSES } from '@kassa/domain';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import {
  nameOf,
  shareRequestsCountQueryOptions,
  shareRequestsQueryOptions,
  type ShareRequestRow,
} from '../api/share-requests.ts';
import { ShareRequestDetail } from '../components/share-request-detail.tsx';
import { ShareRequestForm } from '../components/share-request-form.tsx';
import { ShareStatus } from '../components/share-status.tsx';

const params: ListParamsDef = {
  filters: { status: param.oneOf(SHARE_STATUSES) },
  sortable: ['created_at', 'provider', 'status', 'shared_at'],
  searchBy: ['provider', 'id'],
};

const columns = (t: TFunction): ListColumn<ShareRequestRow>[] => [
  {
    key: 'provider',
    title: t('fields:share_request.provider'),
    sortField: 'provider',
    exportFields: ['provider'],
    render: (row) => <Typography.Text strong>{row.provider}</Typography.Text>,
  },
  {
    key: 'fields',
    title: t('fields:share_request.fields'),
    render: (row) => row.fields.map((field) => field.name).join(', '),
  },
  {
    key: 'processor',
    title: t('fields:share_request.processor'),
    exportFields: ['processor'],
    render: (row) => nameOf(row.processor) ?? '—',
  },
  {
    key: 'organisation',
    title: t('fields:share_request.organisation'),
    exportFields: ['organisation'],
    defaultHidden: true,
    render: (row) => nameOf(row.organisation),
  },
  {
    key: 'created_at',
    title: t('fields:share_request.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'shared_at',
    title: t('fields:share_request.shared_at'),
    sortField: 'shared_at',
    exportFields: ['shared_at'],
    render: (row) => <DateTime value={row.shared_at} />,
  },
  {
    key: 'status',
    title: t('fields:share_request.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <ShareStatus status={row.status} />,
  },
];

const ShareList = ({ side }: { side: 'merchant' | 'provider' }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  const merchant = organisationFor(pathname);
  const canCreate = side === 'provider' && merchant !== null && hasAccess(me?.roles ?? [], access.pspShare.create);
  return (
    <>
      <ListScreen<ShareRequestRow>
        listId={side === 'provider' ? 'shareCredentials' : 'shareRequests'}
        title={t(side === 'provider' ? 'shareCredentials.title' : 'shareCredentials.requestsTitle')}
        intro={
          <Typography.Paragraph type="secondary">
            {t(side === 'provider' ? 'shareCredentials.providerIntro' : 'shareCredentials.merchantIntro')}
          </Typography.Paragraph>
        }
        params={params}
        columns={cols}
        listQuery={shareRequestsQueryOptions}
        countQuery={shareRequestsCountQueryOptions}
        exportPath="sharerequest/export"
        searchByLabel={(field) => t(`fields:share_request.${field}`)}
        filters={(props) => (
          <SelectFilter
            {...props}
            field="status"
            single
            label={t('fields:share_request.status')}
            options={SHARE_STATUSES.map((value) => ({ value, label: t(`shareCredentials.statuses.${value}`) }))}
          />
        )}
        renderDetail={(id, close) => <ShareRequestDetail id={id} onClose={close} side={side} />}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('shareCredentials.create')}
            </Button>
          )
        }
      />
      {creating && merchant && <ShareRequestForm organisation={merchant} onClose={() => setCreating(false)} />}
    </>
  );
};

/** Settings → Share requests (merchant): credentials the provider asked for, shared or revoked here. */
export const ShareRequestsPage = () => <ShareList side="merchant" />;
/** Provider → Share credentials (inside a merchant's context): ask the merchant for credentials and follow the answer. */
export const ShareCredentialsPage = () => <ShareList side="provider" />;
