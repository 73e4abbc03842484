import { access, hasAccess, type TSapCreate, type TSapOnboard } from '@kassa/domain';
import { Button, Descriptions, Drawer, Form, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated } from '@/lib/entity-api.ts';
import { useMe } from '@/lib/session.ts';
import { useServerError } from '@/lib/use-server-error.ts';
import { useAddToSap, useDeleteSap, useOnboardSap, useSapRecord } from '../api/sap.ts';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Adds a merchant to SAP under a company code. */
const AddForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<TSapCreate>();
  const add = useAddToSap();
  const error = useServerError(form, ['organisation', 'company_code']);
  const f = (field: string) => t(`fields:sap_business_partner.${field}`);
  return (
    <Form<TSapCreate>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ company_code: '' }}
      onValuesChange={error.clear}
      onFinish={(values) => add.mutate(values, { onSuccess: onDone, onError: error.show })}
      disabled={add.isPending}
    >
      <ServerErrorAlert message={error.message} />
      <Form.Item label={f('organisation')} name="organisation" rules={required(t('form_validation.required'))}>
        <OrganisationPicker filter={(org) => org.type === 'merchant'} />
      </Form.Item>
      {/* SAP company codes are capitals: shown so while typing, never changed silently on save. */}
      <Form.Item
        label={f('company_code')}
        name="company_code"
        rules={required(t('form_validation.required'))}
        extra={t('sap.companyCodeHint')}
        normalize={(value?: string) => value?.toUpperCase()}
      >
        <Input autoComplete="off" maxLength={4} style={{ width: 120 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('sap.add')}
      </Button>
    </Form>
  );
};

/** An SAP record: its merchant and numbers, onboarding with the partner number, and deleting. */
export const SapDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const record = useSapRecord(id);
  const onboard = useOnboardSap();
  const remove = useDeleteSap();
  const [form] = Form.useForm<TSapOnboard>();
  const error = useServerError(form, ['business_partner']);
  const canEdit = hasAccess(me?.roles ?? [], access.sap.edit);
  const row = record.data;
  const f = (field: string) => t(`fields:sap_business_partner.${field}`);
  return (
    <Drawer
      open
      onClose={onClose}
      title={row ? (populated(row.organisation)?.name ?? String(row.organisation)) : t('sap.add')}
      size={520}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
      loading={Boolean(id) && record.isPending}
    >
      {!id && <AddForm onDone={onClose} />}
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
          <ServerErrorAlert message={error.message} />
          {canEdit && row.status === 'CREATED' && (
            <Form<TSapOnboard>
              form={form}
              layout="vertical"
              requiredMark={false}
              onValuesChange={error.clear}
              disabled={onboard.isPending}
              onFinish={(body) => onboard.mutate({ id: row.id, body }, { onError: error.show })}
            >
              <Form.Item
                label={f('business_partner')}
                name="business_partner"
                rules={required(t('form_validation.required'))}
                extra={t('sap.businessPartnerHint')}
              >
                <Input autoComplete="off" inputMode="numeric" maxLength={10} style={{ width: 200 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={onboard.isPending}>
                {t('sap.onboard')}
              </Button>
            </Form>
          )}
          {canEdit && row.status !== 'DELETED' && (
            <Popconfirm
              title={t('sap.deleteConfirm')}
              okText={t('sap.delete')}
              cancelText={t('sap.cancel')}
              onConfirm={() => remove.mutate(row.id, { onError: error.show })}
            >
              <Button danger loading={remove.isPending}>
                {t('sap.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Drawer>
  );
};
