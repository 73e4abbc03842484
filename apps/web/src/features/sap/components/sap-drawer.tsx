import { access, hasAccess, ZSapCreate, ZSapOnboard, type TSapCreate, type TSapOnboard } from '@kassa/domain';
import { Button, Descriptions, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailDrawer, FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated } from '@/lib/entity-api.ts';
import { useMe } from '@/lib/session.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useAddToSap, useDeleteSap, useOnboardSap, useSapRecord } from '../api/sap.ts';

/** Adds a merchant to SAP under a company code. */
const AddDrawer = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const add = useAddToSap();
  const entity = useEntityForm<TSapCreate, TSapCreate, unknown>({
    schema: ZSapCreate,
    save: (body) => add.mutateAsync(body),
    onSaved: onClose,
  });
  const f = (field: string) => t(`fields:sap_business_partner.${field}`);
  return (
    <FormDrawer title={t('sap.add')} onClose={onClose} entity={entity} submitLabel={t('sap.add')}>
      <Form<TSapCreate> {...entity.formProps} initialValues={{ company_code: '' }}>
        <Form.Item label={f('organisation')} name="organisation" required>
          <OrganisationPicker filter={(org) => org.type === 'merchant'} />
        </Form.Item>
        {/* SAP company codes are capitals: shown so while typing, never changed silently on save. */}
        <Form.Item
          label={f('company_code')}
          name="company_code"
          required
          extra={t('sap.companyCodeHint')}
          normalize={(value?: string) => value?.toUpperCase()}
        >
          <Input autoComplete="off" maxLength={4} style={{ width: 120 }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};

/** Onboards a created record with its business partner number, inside the record's panel. */
const OnboardForm = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const onboard = useOnboardSap();
  const entity = useEntityForm<TSapOnboard, TSapOnboard, unknown>({
    schema: ZSapOnboard,
    save: (body) => onboard.mutateAsync({ id, body }),
  });
  return (
    <>
      <ServerErrorAlert message={entity.message} />
      <Form<TSapOnboard> {...entity.formProps}>
        <Form.Item
          label={t('fields:sap_business_partner.business_partner')}
          name="business_partner"
          required
          extra={t('sap.businessPartnerHint')}
        >
          <Input autoComplete="off" inputMode="numeric" maxLength={10} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={entity.saving} loading={entity.saving}>
          {t('sap.onboard')}
        </Button>
      </Form>
    </>
  );
};

/** An SAP record: its merchant and numbers, onboarding with the partner number, and deleting. */
export const SapDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const record = useSapRecord(id);
  const remove = useDeleteSap();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const canEdit = hasAccess(me?.roles ?? [], access.sap.edit);
  const row = record.data;
  const f = (field: string) => t(`fields:sap_business_partner.${field}`);
  if (!id) return <AddDrawer onClose={onClose} />;
  return (
    <DetailDrawer
      onClose={onClose}
      title={row ? (populated(row.organisation)?.name ?? String(row.organisation)) : ''}
      size={520}
      loading={record.isPending}
    >
      {row && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'id', label: f('id'), children: <CopyableId value={row.id} /> },
              { key: 'status', label: f('status'), children: <StatusTag vocabulary="sap" status={row.status} /> },
              { key: 'company_code', label: f('company_code'), children: row.company_code },
              { key: 'business_partner', label: f('business_partner'), children: row.business_partner ?? '—' },
              { key: 'created_at', label: f('created_at'), children: <DateTime value={row.created_at} /> },
              { key: 'onboarded_at', label: f('onboarded_at'), children: <DateTime value={row.onboarded_at} /> },
              { key: 'deleted_at', label: f('deleted_at'), children: <DateTime value={row.deleted_at} /> },
            ]}
          />
          <ServerErrorAlert message={removeError} />
          {canEdit && row.status === 'CREATED' && <OnboardForm id={row.id} />}
          {canEdit && row.status !== 'DELETED' && (
            <Popconfirm
              title={t('sap.deleteConfirm')}
              okText={t('sap.delete')}
              cancelText={t('sap.cancel')}
              onConfirm={() =>
                remove.mutate(row.id, { onError: (error) => setRemoveError(showServerError(null, t, error)) })
              }
            >
              <Button danger loading={remove.isPending}>
                {t('sap.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </DetailDrawer>
  );
};
