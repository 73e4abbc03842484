import { PAYMENT_PRODUCTS, REPORT_COLUMNS } from '@kassa/domain';
import { Checkbox, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStatusOptions } from '@/components/status-tag.tsx';
import { datePattern } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';
import type { ReportFilters } from '../api/reports.ts';

/** A column's name: the transaction field's label (the card brand has none there). */
export const columnLabel = (t: TFunction, field: string) =>
  field === 'card_brand' ? t('reports.cardBrand') : t(`fields:transaction.${field}`, { defaultValue: field });

export type FilterValues = {
  status?: string[];
  range?: [Dayjs, Dayjs] | null;
  payment_product_type?: string;
  currency_code?: string;
  fields: string[];
};

/** The form's filter values as the transaction list's query keys (what the API keeps). */
export const filtersOf = (values: FilterValues, withRange = true): ReportFilters => {
  const filters: ReportFilters = {};
  if (values.status?.length) filters['status[]'] = values.status;
  if (withRange && values.range?.[0] && values.range[1]) {
    filters['created_at>'] = values.range[0].startOf('day').toISOString();
    filters['created_at<'] = values.range[1].endOf('day').toISOString();
  }
  if (values.payment_product_type) filters.payment_product_type = values.payment_product_type;
  if (values.currency_code) filters.currency_code = values.currency_code;
  return filters;
};

/** A stored report's filters back as form values (cloning). */
export const valuesOf = (filters: ReportFilters): Omit<FilterValues, 'fields'> => {
  const one = (key: string) => [filters[key] ?? []].flat()[0];
  const from = one('created_at>');
  const to = one('created_at<');
  return {
    status: [filters['status[]'] ?? filters.status ?? []].flat(),
    range: from && to ? [dayjs(from), dayjs(to)] : null,
    payment_product_type: one('payment_product_type'),
    currency_code: one('currency_code'),
  };
};

/** The transaction filters and columns of a report or schedule form. */
export const ReportFilterFields = ({ withRange = true }: { withRange?: boolean }) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const statuses = useStatusOptions('transaction');
  return (
    <>
      <Form.Item name="status" label={t('reports.statusFilter')}>
        <Select mode="multiple" allowClear options={statuses} placeholder={t('reports.allStatuses')} />
      </Form.Item>
      {withRange && (
        <Form.Item name="range" label={t('reports.period')}>
          <DatePicker.RangePicker format={datePattern(language)} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item name="payment_product_type" label={t('reports.paymentProduct')}>
        <Select
          allowClear
          options={PAYMENT_PRODUCTS.map((value) => ({
            value,
            label: t(`paymentProducts.${value}`, { defaultValue: value }),
          }))}
          placeholder={t('reports.all')}
        />
      </Form.Item>
      <Form.Item name="currency_code" label={t('reports.currency')}>
        <Select
          allowClear
          options={['EUR', 'GBP', 'USD'].map((value) => ({ value, label: value }))}
          placeholder={t('reports.all')}
        />
      </Form.Item>
      <Form.Item
        name="fields"
        label={t('reports.columns')}
        rules={[{ required: true, type: 'array', min: 1, message: t('reports.chooseColumns') }]}
      >
        <Checkbox.Group options={REPORT_COLUMNS.map((value) => ({ value, label: columnLabel(t, value) }))} />
      </Form.Item>
    </>
  );
};
