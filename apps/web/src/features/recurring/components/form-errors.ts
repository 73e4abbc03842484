import { RECURRING_MESSAGES } from '@kassa/domain';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

const keyOfMessage = new Map<string, string>(Object.entries(RECURRING_MESSAGES).map(([key, message]) => [message, key]));

/** A domain schema message in the user's language; messages the domain does not name stay as the server said them. */
export const translateMessage = (t: TFunction, message: string) => {
  const key = keyOfMessage.get(message);
  return key ? t(`recurring.validation.${key}`) : message;
};

/** Shows a domain schema's issues on the form fields they name. */
export const showIssues = (form: FormInstance, t: TFunction, issues: z.core.$ZodIssue[]) => {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    byField.set(field, [...(byField.get(field) ?? []), translateMessage(t, issue.message)]);
  }
  form.setFields([...byField].filter(([name]) => name).map(([name, errors]) => ({ name, errors })));
};

/**
 * Shows a refused save on the fields the server names (`body.amount` → `amount`); returns the
 * message for the errors that name no field of this form.
 */
export const showApiError = (form: FormInstance, t: TFunction, error: unknown, fields: readonly string[]): string | null => {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const onFields = error.details.filter((detail) => fields.includes(detail.path.replace(/^body\./, '')));
  form.setFields(onFields.map((detail) => ({ name: detail.path.replace(/^body\./, ''), errors: [translateMessage(t, detail.message)] })));
  if (onFields.length > 0 && onFields.length === error.details.length) return null;
  return error.code === 'validation_error' || error.code === 'conflict' ? translateMessage(t, error.message) : t(`errors.${error.code}`, { defaultValue: error.message });
};

/** Clears the errors of the named fields: a field the user changed no longer shows the old complaint. */
export const clearErrors = (form: FormInstance, names: readonly string[]) => form.setFields(names.map((name) => ({ name, errors: [] })));
