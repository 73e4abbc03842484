import { Alert, Button, Drawer, Form, Space } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { hasUnread } from '@/components/number-input.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useFinanceDetail, useSaveFinanceObject, type FinancePath } from '../api/finance-objects.ts';
import { showSchemaIssues } from './finance-inputs.tsx';

type Props<Values> = {
  path: FinancePath;
  id: string | null;
  title: string;
  canEdit: boolean;
  /** The domain schemas of create and edit: the browser checks what the server will check. */
  create: z.ZodType;
  update: z.ZodType;
  initialValues: Partial<Values>;
  /** Row → form values (references as ids). */
  toValues?: (row: Record<string, unknown>) => Partial<Values>;
  /** Body fields held by number inputs (refused while unreadable). */
  numberFields?: readonly string[];
  /** Extra body fields on create (the merchant in context). */
  createExtra?: Record<string, unknown>;
  onClose: () => void;
  children: ReactNode;
};

/** The create-or-edit drawer of a finance resource: loads the row, validates with the domain schema, saves, shows refusals on the fields. */
export const FinanceDrawer = <Values extends object>({
  path,
  id,
  title,
  canEdit,
  create,
  update,
  initialValues,
  toValues,
  numberFields = [],
  createExtra,
  onClose,
  children,
}: Props<Values>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const row = useFinanceDetail<Record<string, unknown>>(path, id);
  const save = useSaveFinanceObject(path);

  useEffect(() => {
    if (row.data) form.setFieldsValue((toValues ? toValues(row.data) : row.data) as never);
  }, [form, row.data, toValues]);

  const submit = async () => {
    setFailure(null);
    const values = form.getFieldsValue(true) as Values;
    if (hasUnread(values, numberFields)) return;
    const body = id ? values : { ...values, ...createExtra };
    const parsed = (id ? update : create).safeParse(body);
    if (!parsed.success) return showSchemaIssues(form, t, parsed.error.issues);
    try {
      await save.mutateAsync({ id, body });
      onClose();
    } catch (error) {
      setFailure(showServerError(form, t, error));
    }
  };

  return (
    <Drawer
      open
      size={560}
      title={title}
      onClose={onClose}
      closable={{ 'aria-label': t('detail.close') }}
      loading={Boolean(id) && row.isPending}
      extra={
        canEdit && (
          <Space>
            <Button onClick={onClose}>{t('finance.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('finance.save')}
            </Button>
          </Space>
        )
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={initialValues as never}
        onValuesChange={() => setFailure(null)}
      >
        {children}
      </Form>
    </Drawer>
  );
};

/** The id of a reference that may come populated. */
export const refId = (value: unknown): string | null =>
  value && typeof value === 'object' ? ((value as { id?: string }).id ?? null) : ((value as string | null) ?? null);
