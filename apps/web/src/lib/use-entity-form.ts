import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { type CodedDetail, issueDetails, showDetails } from './form-errors.ts';

export type EntityFormOptions<Values, Body, Result> = {
  /** The domain schema the body must pass before it is sent (the server checks it again). */
  schema: z.ZodType<Body>;
  /** The form's values as the body the schema checks (adds the organisation, renames, trims). */
  toBody?: (values: Values) => unknown;
  /** Sends the checked body; `values` are the form's own, for an update that sends only what it holds. */
  save: (body: Body, values: Values) => Promise<Result>;
  onSaved?: (result: Result, body: Body) => void;
  /** The fields a detail may land on, when the form holds fields the server names otherwise. */
  fields?: readonly string[];
  /** False stops the submit before anything is checked or sent (a change note still missing). */
  before?: () => boolean;
  /** A server or schema path as this form names it (`body.transaction` → `body.id`). */
  renamePath?: (path: string) => string;
};

export type EntityForm<Values> = {
  form: FormInstance<Values>;
  /** True from the moment the body is sent until the answer: the drawer disables its submit. */
  saving: boolean;
  /** The part of a refusal that names no field of this form, for the drawer to show above the form. */
  message: string | null;
  submit: () => Promise<void>;
  /** Forgets the message of the last refusal (a drawer opened again). */
  clear: () => void;
  /** Spread on `<Form>`: Enter submits; a changed field drops its old complaint. */
  formProps: {
    form: FormInstance<Values>;
    layout: 'vertical';
    onFinish: () => void;
    onValuesChange: (changed: object) => void;
  };
};

type Steps = {
  setMessage: (message: string | null) => void;
  setSaving: (saving: boolean) => void;
};

/**
 * One submit of an entity form (the body of `useEntityForm`, apart so it can be tested without a
 * page): clear the old complaints, check the body with the schema, send it, and put every detail
 * of a refusal on its field.
 */
export const submitEntityForm = async <Values, Body, Result>(
  form: FormInstance,
  t: TFunction,
  options: EntityFormOptions<Values, Body, Result>,
  { setMessage, setSaving }: Steps,
): Promise<void> => {
  const { schema, toBody, save, onSaved, before, fields, renamePath = (path: string) => path } = options;
  const show = (details: readonly CodedDetail[], code: string) => {
    const renamed = details.map((detail) => ({ ...detail, path: renamePath(detail.path) }));
    setMessage(showDetails(form, t, renamed, code, fields));
  };
  setMessage(null);
  if (before && !before()) return;
  form.setFields(form.getFieldsError().map(({ name }) => ({ name, errors: [] })));
  try {
    // A rule only the screen knows (a choice required while there are choices) is the field's own.
    await form.validateFields();
  } catch {
    return;
  }
  const values = form.getFieldsValue(true) as Values;
  // A number field whose text cannot be read (NaN) already says why; nothing is checked or sent.
  if (Object.values(values as object).some((value) => typeof value === 'number' && Number.isNaN(value))) return;
  const parsed = schema.safeParse(toBody ? toBody(values) : values);
  if (!parsed.success) return show(issueDetails(parsed.error.issues), 'validation_error');
  setSaving(true);
  try {
    const result = await save(parsed.data, values);
    onSaved?.(result, parsed.data);
  } catch (error) {
    if (error instanceof ApiError) show(error.details, error.code);
    else setMessage(t('errors.unknown'));
  } finally {
    setSaving(false);
  }
};

/**
 * The one create/edit form dialect (STYLE.md §14): the domain schema validates the body, every
 * detail of a refusal — the schema's or the server's — lands on the field its path names, the
 * rest is `message`, and `saving` holds while the request runs. Use it with `<FormDrawer entity>`.
 */
export const useEntityForm = <Values, Body, Result = unknown>(
  options: EntityFormOptions<Values, Body, Result>,
): EntityForm<Values> => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // Errors are set by path, whatever the values' type (antd types names by the values).
  const anyForm = form as FormInstance;
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A second click before the re-render still sees the first save running.
  const running = useRef(false);

  const submit = async () => {
    if (running.current) return;
    running.current = true;
    try {
      await submitEntityForm(anyForm, t, options, { setMessage, setSaving });
    } finally {
      running.current = false;
    }
  };
  const onValuesChange = (changed: object) => {
    setMessage(null);
    anyForm.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
  };
  return {
    form,
    saving,
    message,
    submit,
    clear: useCallback(() => setMessage(null), []),
    formProps: { form, layout: 'vertical', onFinish: () => void submit(), onValuesChange },
  };
};
