import { Alert, Button, Drawer, Form, Space } from 'antd';
import type { ChangeKind } from '@kassa/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { hasUnread } from '@/components/number-input.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
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
  /** The kind of change the four-eyes policy of the row's organisation may send to a second person (issue 35). */
  changeKind?: ChangeKind;
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
  changeKind,
  onClose,
  children,
}: Props<Values>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const row = useFinanceDetail<Record<string, unknown>>(path, id);
  const save = useSaveFinanceObject(path);
  // The policy of the organisation the row is (or will be) of; the caller's own without one.
  const owner = refId(row.data?.organisation) ?? (createExtra?.organisation as string | null | undefined);
  const needsApproval = useNeedsApproval(changeKind, owner);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);

  useEffect(() => {
    if (row.data) form.setFieldsValue((toValues ? toValues(row.data) : row.data) as never);
  }, [form, row.data, toValues]);

  const submit = async () => {
    setFailure(null);
    setShowErrors(true);
    const values = form.getFieldsValue(true) as Values;
    if (hasUnread(values, numberFields)) return;
    const body = id ? values : { ...values, ...createExtra };
    const parsed = (id ? update : create).safeParse(body);
    if (!parsed.success) return showSchemaIssues(form, t, parsed.error.issues);
    if (needsApproval && !note.trim()) return;
    try {
      const saved = await save.mutateAsync({ id, body, note: needsApproval ? note : undefined });
      // Under four eyes nothing changed yet: the drawer says so and stays open.
      if (isWaitingForApproval(saved)) setWaiting(saved.change_request);
      else onClose();
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
            <Button type="primary" loading={save.isPending} disabled={Boolean(waiting)} onClick={() => void submit()}>
              {needsApproval ? t('changes.submit') : t('finance.save')}
            </Button>
          </Space>
        )
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {canEdit && (
        // Its own form context (no form element), so the note's label stands above its field like the others.
        <Form layout="vertical" component={false}>
          <div style={{ marginBottom: 16 }}>
            <ChangeNote needed={needsApproval} note={note} onNote={setNote} showErrors={showErrors} waiting={waiting} />
          </div>
        </Form>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canEdit || Boolean(waiting)}
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
