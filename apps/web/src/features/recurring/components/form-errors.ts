import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { showServerError, translateServerMessage } from '@/lib/form-errors.ts';

/** A domain schema message in the user's language; messages the domain does not name stay as the server said them. */
export const translateMessage = translateServerMessage;

/** Shows a domain schema's issues on the form fields they name. */
export const showIssues = (form: FormInstance, t: TFunction, issues: z.core.$ZodIssue[]) => {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    byField.set(field, [...(byField.get(field) ?? []), translateMessage(t, issue.message)]);
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
