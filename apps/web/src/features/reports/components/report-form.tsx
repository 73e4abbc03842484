import { REPORT_DEFAULT_COLUMNS } from '@kassa/domain';
import { Button, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useCreateReport, type ReportRow } from '../api/reports.ts';
import { filtersOf, ReportFilterFields, valuesOf, type FilterValues } from './report-filters.tsx';

/** The detail panel to create a report, or clone one (its name, filters and columns filled in). */
export const ReportForm = ({
  clone,
  onClose,
  onCreated,
}: {
  clone: ReportRow | null;
  onClose: () => void;
  onCreated: (report: ReportRow) => void;
}) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const create = useCreateReport();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<FilterValues & { name: string }>();
  const initial = clone
    ? { name: t('reports.copyOf', { name: clone.name }), ...valuesOf(clone.filters), fields: clone.fields }
    : { name: '', fields: [...REPORT_DEFAULT_COLUMNS] };
  const submit = async (values: FilterValues & { name: string }) => {
    setError(null);
    try {
      const report = await create.mutateAsync({
        name: values.name,
        organisation: organisationFor(pathname),
        filters: filtersOf(values),
        fields: values.fields as never,
      });
      onCreated(report);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.unknown'));
    }
  };
  return (
    <Drawer
      open
      title={clone ? t('reports.cloneTitle') : t('reports.createTitle')}
      onClose={onClose}
      size={560}
      destroyOnHidden
    >
      <ServerErrorAlert message={error} />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('reports.name')}
          rules={[{ required: true, whitespace: true, message: t('form_validation.required') }, { max: 100 }]}
        >
          <Input autoFocus />
        </Form.Item>
        <ReportFilterFields />
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('reports.generate')}
          </Button>
          <Button onClick={onClose}>{t('reports.cancel')}</Button>
        </Space>
      </Form>
    </Drawer>
  );
};
