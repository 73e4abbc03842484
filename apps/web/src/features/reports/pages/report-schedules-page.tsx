import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  access,
  REPORT_DEFAULT_COLUMNS,
  REPORT_FREQUENCIES,
  ZReportScheduleCreate,
  type ReportFrequency,
} from '@kassa/domain';
import { Button, Form, Input, message as antMessage, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useCreateSchedule, useDeleteSchedule, useReportSchedules, type ReportScheduleRow } from '../api/reports.ts';
import { filtersOf, ReportFilterFields, type FilterValues } from '../components/report-filters.tsx';

type Values = FilterValues & { name: string; frequency: ReportFrequency; email: string };

const ScheduleForm = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const create = useCreateSchedule();
  const entity = useEntityForm({
    schema: ZReportScheduleCreate,
    toBody: (values: Values) => ({
      name: values.name,
      frequency: values.frequency,
      email: values.email,
      organisation: organisationFor(pathname),
      filters: filtersOf(values, false),
      fields: values.fields,
    }),
    save: (body) => create.mutateAsync(body),
    onSaved: onClose,
  });
  return (
    <FormDrawer
      title={t('reports.scheduleCreateTitle')}
      onClose={onClose}
      size={560}
      entity={entity}
      submitLabel={t('reports.save')}
    >
      <Form<Values> {...entity.formProps} initialValues={{ frequency: 'daily', fields: [...REPORT_DEFAULT_COLUMNS] }}>
        <Form.Item name="name" label={t('reports.name')} required>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="frequency" label={t('reports.frequency')} required>
          <Select options={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`reports.frequencies.${value}`) }))} />
        </Form.Item>
        <Form.Item name="email" label={t('reports.email')} required>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <ReportFilterFields withRange={false} />
      </Form>
    </FormDrawer>
  );
};

/** reports/schedules: each schedule makes a report once per day, week or month and mails its download link. */
export const ReportSchedulesPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const manage = can(access.reports.schedulesManage);
  const { data = [], isLoading } = useReportSchedules(scope);
  const remove = useDeleteSchedule();
  const [creating, setCreating] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const confirmDelete = (row: ReportScheduleRow) =>
    modal.confirm({
      title: t('reports.deleteScheduleTitle', { name: row.name }),
      okText: t('reports.delete'),
      cancelText: t('reports.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id).catch(() => void message.error(t('errors.unknown'))),
    });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {modalHolder}
      {messageHolder}
      <PageTitle>{t('reports.schedulesTitle')}</PageTitle>
      {manage && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('reports.scheduleCreate')}
        </Button>
      )}
      <Table<ReportScheduleRow>
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: t('reports.noSchedules') }}
        columns={[
          { key: 'name', title: t('reports.name'), render: (_, row) => row.name },
          {
            key: 'frequency',
            title: t('reports.frequency'),
            render: (_, row) => t(`reports.frequencies.${row.frequency}`),
          },
          { key: 'email', title: t('reports.email'), render: (_, row) => row.email },
          { key: 'last', title: t('reports.lastRun'), render: (_, row) => <DateTime value={row.last_run_at} /> },
          ...(manage
            ? [
                {
                  key: 'actions',
                  title: t('reports.actions'),
                  render: (_: unknown, row: ReportScheduleRow) => (
                    <Button
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('reports.deleteScheduleTitle', { name: row.name })}
                      onClick={() => confirmDelete(row)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {creating && <ScheduleForm onClose={() => setCreating(false)} />}
    </Space>
  );
};
