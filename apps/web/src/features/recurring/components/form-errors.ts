import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueDetails, showServerError, translateDetail } from '@/lib/form-errors.ts';

/** Shows a domain schema's issues on the form fields they name, in the words of the shared vocabulary. */
export const showIssues = (form: FormInstance, t: TFunction, issues: z.core.$ZodIssue[]) => {
  const byField = new Map<string, string[]>();
  for (const issue of issueDetails(issues)) {
    const field = issue.path.split('.')[0] ?? '';
    byField.set(field, [...(byField.get(field) ?? []), translateDetail(t, issue)]);
  }
  form.setFields([...byField].filter(([name]) => name).map(([name, errors]) => ({ name, errors })));
};

/** Shows a refused save on the fields the server names; returns the message for the rest (the shared mechanism). */
export const showApiError = (
  form: FormInstance,
  t: TFunction,
  error: unknown,
  fields: readonly string[],
): string | null => showServerError(form, t, error, fields);

/** Clears the errors of the named fields: a field the user changed no longer shows the old complaint. */
export const clearErrors = (form: FormInstance, names: readonly string[]) =>
  form.setFields(names.map((name) => ({ name, errors: [] })));
