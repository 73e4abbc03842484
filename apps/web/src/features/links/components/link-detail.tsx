import { StopOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDeactivateLink } from '../api/deactivate-link.ts';
import { useLink } from '../api/get-link.ts';
import {
  customerLabel,
  populated,
  vocabularyOf,
  type LinkCustomer,
  type LinkKind,
  type LinkRow,
} from '../api/types.ts';
import { CopyLinkButton } from './copy-link-button.tsx';

const Details = ({ kind, link }: { kind: LinkKind; link: LinkRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:link.${field}`);
  const customer = populated<LinkCustomer>(link.customer);
  const tx = populated<{ id: string; merchant_reference: string | null }>(link.transaction ?? null);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={link.id} /> },
        {
          label: f('url'),
          value: (
            <Typography.Text copyable={{ text: link.url }} style={{ wordBreak: 'break-all' }}>
              {link.url}
            </Typography.Text>
          ),
        },
        {
          label: f('status'),
          value: (
            <Space>
              <StatusTag vocabulary={vocabularyOf(kind)} status={link.status} />
              {!link.active && <Tag>{t('links.inactive')}</Tag>}
            </Space>
          ),
        },
        ...(kind === 'payment-link'
          ? [{ label: f('amount'), value: <Money amount={link.amount} currency={link.currency_code} /> }]
          : []),
        { label: f('merchant_reference'), value: link.merchant_reference },
        { label: f('description'), value: link.description },
        {
          label: f('customer'),
          value: customer && (
            <EntityLink to="customers" filter={{ id: customer.id }} open>
              {customerLabel(customer)}
            </EntityLink>
          ),
        },
        { label: f('payment_profile'), value: populated<{ name: string }>(link.payment_profile)?.name },
        ...(kind === 'payment-link'
          ? [
              {
                label: f('transaction'),
                value: tx && (
                  <EntityLink to="transactions" filter={{ id: tx.id }} open>
                    {tx.merchant_reference ?? tx.id}
                  </EntityLink>
                ),
              },
            ]
          : []),
        { label: f('created_at'), value: <DateTime value={link.created_at} style="long" /> },
        { label: f('expires_at'), value: <DateTime value={link.expires_at} style="long" /> },
      ]}
    />
  );
};

const Actions = ({ kind, link }: { kind: LinkKind; link: LinkRow }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const deactivate = useDeactivateLink(kind);
  const roles = kind === 'payment-link' ? access.paymentLink.update : access.cardAddLink.update;
  const onConfirm = () =>
    deactivate.mutate(link.id, {
      onSuccess: () => void message.success(t('links.deactivated')),
      onError: (error) =>
        void message.error(
          error instanceof ApiError ? t(`errors.${error.code}`, { defaultValue: error.message }) : t('errors.unknown'),
        ),
    });
  if (!link.active) return null;
  return (
    <Space>
      <CopyLinkButton url={link.url} withText />
      {can(roles) && (
        <Popconfirm
          title={t('links.deactivateTitle')}
          description={t('links.deactivateConfirm')}
          okText={t('links.deactivate')}
          cancelText={t('links.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onConfirm}
        >
          <Button danger icon={<StopOutlined />} loading={deactivate.isPending}>
            {t('links.deactivate')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
};

/** A link's detail panel with copy and deactivate (deactivation asks first). */
export const LinkDetail = ({ kind, id, onClose }: { kind: LinkKind; id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: link, isPending, error } = useLink(kind, id, useOrganisationScope(pathname));
  const section = kind === 'payment-link' ? 'paymentLinks' : 'cardAddLinks';
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={isPending && !error}
      notFound={Boolean(error)}
      title={t(`${section}.detailTitle`, { reference: link?.merchant_reference ?? link?.id ?? id })}
      extra={link && <Actions kind={kind} link={link} />}
      tabs={
        link ? [{ key: 'details', label: t('links.tabs.details'), children: <Details kind={kind} link={link} /> }] : []
      }
    />
  );
};
