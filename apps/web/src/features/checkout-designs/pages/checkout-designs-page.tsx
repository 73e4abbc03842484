import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Button, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { useMe } from '@/lib/session.ts';
import {
  checkoutDesignsCountQueryOptions,
  checkoutDesignsQueryOptions,
  type CheckoutDesignRow,
} from '../api/checkout-designs.ts';

const params: ListParamsDef = {
  filters: {},
  sortable: ['created_at', 'updated_at', 'name'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
};

const swatch = (colour: string) => (
  <span
    style={{
      display: 'inline-block',
      width: 14,
      height: 14,
      borderRadius: 3,
      background: colour,
      border: '1px solid #d9d9d9',
      verticalAlign: 'middle',
    }}
  />
);

const columns = (t: TFunction): ListColumn<CheckoutDesignRow>[] => [
  {
    key: 'name',
    title: t('fields:checkout_design.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => (
      <Link to={row.id} relative="path">
        <Typography.Text strong>{row.name}</Typography.Text>
      </Link>
    ),
  },
  {
    key: 'colours',
    title: t('checkoutDesigns.colours'),
    render: (row) => (
      <Space size={4}>
        {swatch(row.header_color)}
        {swatch(row.button_color)}
        {swatch(row.background_color)}
      </Space>
    ),
  },
  {
    key: 'payment_product_order',
    title: t('fields:checkout_design.payment_product_order'),
    exportFields: ['payment_product_order'],
    render: (row) => row.payment_product_order.map((p) => <Tag key={p}>{t(`paymentProducts.${p}`)}</Tag>),
  },
  {
    key: 'number_format',
    title: t('fields:checkout_design.number_format'),
    exportFields: ['number_format'],
    render: (row) => row.number_format,
  },
  {
    key: 'updated_at',
    title: t('fields:checkout_design.updated_at'),
    sortField: 'updated_at',
    exportFields: ['updated_at'],
    render: (row) => <DateTime value={row.updated_at as string} />,
  },
];

/** Settings → Hosted payment page: the checkout designs (risk-config.md §2.12). A row opens its edit screen. */
export const CheckoutDesignsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const navigate = useNavigate();
  const cols = useMemo(() => columns(t), [t]);
  return (
    <ListScreen<CheckoutDesignRow>
      listId="checkoutDesigns"
      title={t('checkoutDesigns.title')}
      params={params}
      columns={cols}
      listQuery={checkoutDesignsQueryOptions}
      countQuery={checkoutDesignsCountQueryOptions}
      searchByLabel={(field) => t(`fields:checkout_design.${field}`)}
      actions={
        hasAccess(me?.roles ?? [], access.checkoutDesign.create) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('new', { relative: 'path' })}>
            {t('checkoutDesigns.create')}
          </Button>
        )
      }
    />
  );
};
