import { PlusOutlined } from '@ant-design/icons';
import { access, ZPackageCreate, ZPackageUpdate, type PricingSchemeType } from '@kassa/domain';
import { Button, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { useCan } from '@/lib/authorisation.ts';
import { populated } from '@/lib/entity-api.ts';
import {
  financeCountOptions,
  financeListOptions,
  useFinanceChoices,
  type FinancePath,
} from '../api/finance-objects.ts';
import type { PackageRow, PricingSchemeRow } from '../api/types.ts';
import { FinanceDrawer } from '../components/finance-drawer.tsx';

const params: ListParamsDef = {
  filters: { active: param.bool() },
  sortable: ['created_at', 'name'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
};
const TYPES: readonly PricingSchemeType[] = ['revenue', 'cost', 'reserve', 'partner'];

const schemeName = (value: PackageRow['revenue_scheme']) => populated(value)?.name ?? '';
const columns = (t: TFunction): ListColumn<PackageRow>[] => [
  {
    key: 'name',
    title: t('fields:package.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  ...TYPES.map((type) => ({
    key: `${type}_scheme`,
    title: t(`fields:package.${type}_scheme`),
    exportFields: [`${type}_scheme`],
    render: (row: PackageRow) => schemeName(row[`${type}_scheme`]),
  })),
  {
    key: 'active',
    title: t('fields:package.active'),
    exportFields: ['active'],
    render: (row) => (
      <Tag color={row.active ? 'success' : 'default'}>{row.active ? t('finance.yes') : t('finance.no')}</Tag>
    ),
  },
];

const SchemeSelect = ({
  type,
  ...rest
}: {
  type: PricingSchemeType;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) => {
  const { t } = useTranslation();
  const schemes = useFinanceChoices<PricingSchemeRow>(`pricing/${type}` as FinancePath, { active: 'true' });
  return (
    <Select
      {...rest}
      allowClear
      placeholder={t('finance.packages.none')}
      loading={schemes.isPending}
      options={(schemes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      onChange={(value) => rest.onChange?.(value ?? null)}
    />
  );
};

const PackageDrawer = ({ id, onClose, canEdit }: { id: string | null; onClose: () => void; canEdit: boolean }) => {
  const { t } = useTranslation();
  return (
    <FinanceDrawer
      path="package"
      id={id}
      title={id ? t('fields:package.name') : t('finance.packages.create')}
      canEdit={canEdit}
      create={ZPackageCreate}
      update={ZPackageUpdate}
      initialValues={{ active: true }}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('fields:package.name')} required>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('fields:package.description')}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      {TYPES.map((type) => (
        <Form.Item key={type} name={`${type}_scheme`} label={t(`fields:package.${type}_scheme`)}>
          <SchemeSelect type={type} />
        </Form.Item>
      ))}
      <Form.Item name="active" label={t('fields:package.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FinanceDrawer>
  );
};

/** `psp/finance/packages`: the schemes a merchant is priced with, bundled. */
export const PackagesPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  const canEdit = can(access.financeEdit.packages);
  return (
    <>
      <ListScreen<PackageRow>
        listId="packages"
        title={t('finance.packages.title')}
        params={params}
        columns={cols}
        listQuery={financeListOptions<PackageRow>('package')}
        countQuery={financeCountOptions('package')}
        exportPath="package/export"
        searchByLabel={(field) => t(`fields:package.${field}`)}
        renderDetail={(id, close) => <PackageDrawer id={id} onClose={close} canEdit={canEdit} />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('finance.packages.create')}
            </Button>
          )
        }
      />
      {creating && <PackageDrawer id={null} onClose={() => setCreating(false)} canEdit />}
    </>
  );
};
