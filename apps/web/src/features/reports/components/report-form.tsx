import { REPORT_DEFAULT_COLUMNS, ZReportCreate } from '@kassa/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { organisationFor } from '@/lib/org-context.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  const entity = useEntityForm({
    schema: ZReportCreate,
    toBody: (values: FilterValues & { name: string }) => ({
      name: values.name,
      organisation: organisationFor(pathname),
      filters: filtersOf(values),
      fields: values.fields,
    }),
    save: (body) => create.mutateAsync(body),
    onSaved: onCreated,
  });
  const initial = clone
    ? { name: t('reports.copyOf', { name: clone.name }), ...valuesOf(clone.filters), fields: clone.fields }
    : { name: '', fields: [...REPORT_DEFAULT_COLUMNS] };
  return (
    <FormDrawer
      title={clone ? t('reports.cloneTitle') : t('reports.createTitle')}
      onClose={onClose}
      size={560}
      entity={entity}
      submitLabel={t('reports.generate')}
    >
      <Form {...entity.formProps} initialValues={initial}>
        <Form.Item name="name" label={t('reports.name')} required>
          <Input autoFocus />
        </Form.Item>
        <ReportFilterFields />
      </Form>
    </FormDrawer>
  );
};
