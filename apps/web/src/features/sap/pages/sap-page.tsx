import { PlusOutlined } from '@ant-design/icons';
import { access, SAP_STATUSES } from '@kassa/domain';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { StatusTag, useStatusOptions } from '@/components/status-tag.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { populated } from '@/lib/entity-api.ts';
import { sapCountOptions, sapListOptions, type SapRow } from '../api/sap.ts';
import { SapDrawer } from '../components/sap-drawer.tsx';

const params: ListParamsDef = {
  filters: { 'status[]': param.anyOf(SAP_STATUSES), company_code: param.text() },
  sortable: ['created_at', 'status', 'company_code', 'business_partner', 'onboarded_at'],
  searchBy: ['business_partner', 'id'],
  // Deleted records are history: the list starts with the live ones.
  initial: () => ({ 'status[]': ['CREATED', 'ONBOARDED'] }),
};

const columns = (t: TFunction): ListColumn<SapRow>[] => {
  const f = (field: string) => t(`fields:sap_business_partner.${field}`);
  return [
    {
      key: 'organisation',
      title: f('organisation'),
      exportFields: ['organisation'],
      render: (row) => (
        <Typography.Text strong>{populated(row.organisation)?.name ?? String(row.organisation)}</Typography.Text>
      ),
    },
    {
      key: 'company_code',
      title: f('company_code'),
      sortField: 'company_code',
      exportFields: ['company_code'],
      render: (row) => row.company_code,
    },
    {
      key: 'business_partner',
      title: f('business_partner'),
      sortField: 'business_partner',
      exportFields: ['business_partner'],
      render: (row) => (row.business_partner ? <Typography.Text code>{row.business_partner}</Typography.Text> : '—'),
    },
    {
      key: 'status',
      title: f('status'),
      sortField: 'status',
      exportFields: ['status'],
      render: (row) => <StatusTag vocabulary="sap" status={row.status} />,
    },
    {
      key: 'onboarded_at',
      title: f('onboarded_at'),
      sortField: 'onboarded_at',
      exportFields: ['onboarded_at'],
      render: (row) => <DateTime value={row.onboarded_at} />,
    },
    {
      key: 'created_at',
      title: f('created_at'),
      sortField: 'created_at',
      exportFields: ['created_at'],
      render: (row) => <DateTime value={row.created_at} />,
    },
  ];
};

/** Provider settings → SAP (the optional sap module): merchants as business partners in the provider's SAP system. */
export const SapPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const statusOptions = useStatusOptions('sap');
  const [adding, setAdding] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  return (
    <>
      <ListScreen<SapRow>
        listId="sap"
        title={t('nav.items.pspSap')}
        intro={<Typography.Paragraph type="secondary">{t('sap.intro')}</Typography.Paragraph>}
        params={params}
        columns={cols}
        listQuery={sapListOptions}
        countQuery={sapCountOptions}
        exportPath="psp/sap/export"
        searchByLabel={(field) => t(`fields:sap_business_partner.${field}`)}
        filters={(props) => (
          <>
            <SelectFilter
              {...props}
              field="status[]"
              label={t('fields:sap_business_partner.status')}
              options={statusOptions}
            />
          </>
        )}
        renderDetail={(id, close) => <SapDrawer id={id} onClose={close} />}
        actions={
          can(access.sap.edit) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('sap.add')}
            </Button>
          )
        }
      />
      {adding && <SapDrawer id={null} onClose={() => setAdding(false)} />}
    </>
  );
};
