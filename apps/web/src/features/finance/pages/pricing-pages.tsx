import { PlusOutlined } from '@ant-design/icons';
import { access, type PricingSchemeType } from '@kassa/domain';
import { Button, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useFormat } from '@/lib/use-format.ts';
import { financeCountOptions, financeListOptions, type FinancePath } from '../api/finance-objects.ts';
import type { PricingSchemeRow } from '../api/types.ts';
import { useBasisPoints } from '../components/finance-inputs.tsx';
import { PricingSchemeDrawer } from '../components/pricing-scheme-drawer.tsx';

/** payments.md §2/§9: a bare `pricing/{type}` URL is redirected to `active=true&visible=true`. */
const params: ListParamsDef = {
  filters: { active: param.bool(), visible: param.bool() },
  sortable: ['created_at', 'name', 'currency_code', 'valid_from', 'valid_to'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
  initial: () => ({ active: 'true', visible: 'true' }),
};

const YesNoFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const options = [
    { value: 'true', label: t('finance.yes') },
    { value: 'false', label: t('finance.no') },
  ];
  return (
    <>
      <SelectFilter
        {...props}
        single
        field="active"
        label={t('fields:pricing_scheme.active')}
        options={options}
        width={140}
      />
      <SelectFilter
        {...props}
        single
        field="visible"
        label={t('fields:pricing_scheme.visible')}
        options={options}
        width={140}
      />
    </>
  );
};

const RulesSummary = ({ row }: { row: PricingSchemeRow }) => {
  const { t } = useTranslation();
  const bp = useBasisPoints();
  if (row.type === 'reserve')
    return <>{t('finance.pricing.reserveSummary', { percentage: bp(row.reserve_bp), days: row.reserve_days ?? 0 })}</>;
  const first = row.rules[0];
  if (!first) return <Typography.Text type="secondary">{t('finance.pricing.noRules')}</Typography.Text>;
  return (
    <>
      <Money amount={first.fixed} currency={row.currency_code} /> + {bp(first.percentage_bp)}
      {row.rules.length > 1 && (
        <Typography.Text type="secondary">
          {' '}
          {t('finance.pricing.moreRules', { count: row.rules.length - 1 })}
        </Typography.Text>
      )}
    </>
  );
};

const columns = (t: TFunction, date: (value: string | null) => string): ListColumn<PricingSchemeRow>[] => [
  {
    key: 'name',
    title: t('fields:pricing_scheme.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  { key: 'rules', title: t('fields:pricing_scheme.rules'), render: (row) => <RulesSummary row={row} /> },
  {
    key: 'currency_code',
    title: t('fields:pricing_scheme.currency_code'),
    sortField: 'currency_code',
    exportFields: ['currency_code'],
    render: (row) => row.currency_code,
  },
  {
    key: 'valid_from',
    title: t('fields:pricing_scheme.valid_from'),
    sortField: 'valid_from',
    exportFields: ['valid_from'],
    render: (row) => date(row.valid_from),
  },
  {
    key: 'valid_to',
    title: t('fields:pricing_scheme.valid_to'),
    sortField: 'valid_to',
    exportFields: ['valid_to'],
    render: (row) => date(row.valid_to),
  },
  {
    key: 'active',
    title: t('fields:pricing_scheme.active'),
    exportFields: ['active'],
    render: (row) => (
      <Tag color={row.active ? 'success' : 'default'}>{row.active ? t('finance.yes') : t('finance.no')}</Tag>
    ),
  },
  {
    key: 'visible',
    title: t('fields:pricing_scheme.visible'),
    exportFields: ['visible'],
    render: (row) => (row.visible ? t('finance.yes') : t('finance.no')),
  },
];

/** One screen per scheme type (`psp/pricing/{type}`), with create and edit in a drawer. */
const PricingPage = ({ type }: { type: PricingSchemeType }) => {
  const { t } = useTranslation();
  const can = useCan();
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const path = `pricing/${type}` as FinancePath;
  const cols = useMemo(() => columns(t, (value) => (value ? format.date(value) : '')), [t, format]);
  const canEdit = can(access.pricingEdit[type]);
  return (
    <>
      <ListScreen<PricingSchemeRow>
        listId={`pricing-${type}`}
        title={t(`finance.pricing.titles.${type}`)}
        params={params}
        columns={cols}
        listQuery={financeListOptions<PricingSchemeRow>(path)}
        countQuery={financeCountOptions(path)}
        exportPath={`${path}/export`}
        filters={(props) => <YesNoFilters {...props} />}
        searchByLabel={(field) => t(`fields:pricing_scheme.${field}`)}
        renderDetail={(id, close) => <PricingSchemeDrawer type={type} id={id} onClose={close} canEdit={canEdit} />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('finance.pricing.create')}
            </Button>
          )
        }
      />
      {creating && <PricingSchemeDrawer type={type} id={null} onClose={() => setCreating(false)} canEdit />}
    </>
  );
};

export const RevenuePricingPage = () => <PricingPage type="revenue" />;
export const CostPricingPage = () => <PricingPage type="cost" />;
export const ReservePricingPage = () => <PricingPage type="reserve" />;
export const PartnerPricingPage = () => <PricingPage type="partner" />;
