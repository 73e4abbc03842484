import { Form } from 'antd';
import type { ChangeKind } from '@kassa/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useFinanceDetail, useSaveFinanceObject, type FinancePath } from '../api/finance-objects.ts';

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
  createExtra,
  changeKind,
  onClose,
  children,
}: Props<Values>) => {
  const { t } = useTranslation();
  const row = useFinanceDetail<Record<string, unknown>>(path, id);
  const save = useSaveFinanceObject(path);
  // The policy of the organisation the row is (or will be) of; the caller's own without one.
  const owner = refId(row.data?.organisation) ?? (createExtra?.organisation as string | null | undefined);
  const needsApproval = useNeedsApproval(changeKind, owner);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: id ? update : create,
    toBody: (values: Values) => (id ? values : { ...values, ...createExtra }),
    // A note is asked for when the change waits for a second person.
    before: (): boolean => {
      setShowErrors(true);
      return !needsApproval || Boolean(note.trim());
    },
    // The form's values are sent as they are: the server parses them as the schema just did.
    save: (_, values) =>
      save.mutateAsync({
        id,
        body: id ? values : { ...values, ...createExtra },
        note: needsApproval ? note : undefined,
      }),
    // Under four eyes nothing changed yet: the drawer says so and stays open.
    onSaved: (saved) => (isWaitingForApproval(saved) ? setWaiting(saved.change_request) : onClose()),
  });
  const { form } = entity;

  useEffect(() => {
    if (row.data) form.setFieldsValue((toValues ? toValues(row.data) : row.data) as never);
  }, [form, row.data, toValues]);

  return (
    <FormDrawer
      size={560}
      title={title}
      onClose={onClose}
      loading={Boolean(id) && row.isPending}
      entity={canEdit ? entity : undefined}
      submitLabel={needsApproval ? t('changes.submit') : t('finance.save')}
      submitDisabled={Boolean(waiting)}
    >
      {canEdit && (
        // Its own form context (no form element), so the note's label stands above its field like the others.
        <Form layout="vertical" component={false}>
          <div style={{ marginBottom: 16 }}>
            <ChangeNote needed={needsApproval} note={note} onNote={setNote} showErrors={showErrors} waiting={waiting} />
          </div>
        </Form>
      )}
      <Form<Values>
        {...entity.formProps}
        disabled={!canEdit || Boolean(waiting)}
        initialValues={initialValues as never}
      >
        {children}
      </Form>
    </FormDrawer>
  );
};

/** The id of a reference that may come populated. */
export const refId = (value: unknown): string | null =>
  value && typeof value === 'object' ? ((value as { id?: string }).id ?? null) : ((value as string | null) ?? null);
