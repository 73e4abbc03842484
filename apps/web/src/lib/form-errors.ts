import { RECURRING_MESSAGES, WELCOME_LINK_PLACEHOLDER } from '@kassa/domain';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

type Detail = { path: string; message: string };

const recurringKeyOf = new Map<string, string>(
  Object.entries(RECURRING_MESSAGES).map(([key, message]) => [message, key]),
);

// zod's default English messages that have a translated counterpart in form_validation.
const ZOD_MESSAGES: [RegExp, (match: RegExpExecArray, t: TFunction) => string][] = [
  [
    /^Too big: expected string to have <=?(\d+) characters?$/,
    (m, t) => t('form_validation.maxlength', { length: Number(m[1]) }),
  ],
  [
    /^Too small: expected string to have >=?(\d+) characters?$/,
    (m, t) => (m[1] === '1' ? t('form_validation.required') : t('form_validation.minlength', { length: Number(m[1]) })),
  ],
  [/^Invalid email address$/, (_m, t) => t('form_validation.email')],
];

/**
 * A server message in the user's language: a message that is a translation key
 * (`form_validation.email`), a domain message or a zod default message is translated; any other
 * message stays as the server said it, so nothing is lost.
 */
export const translateServerMessage = (t: TFunction, message: string): string => {
  const recurring = recurringKeyOf.get(message);
  if (recurring) return t(`recurring.validation.${recurring}`);
  if (/^[a-z][A-Za-z_]*(\.[A-Za-z_]+)+$/.test(message))
    return t(message, { defaultValue: message, length: '', link: WELCOME_LINK_PLACEHOLDER });
  for (const [pattern, translate] of ZOD_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return translate(match, t);
  }
  return message;
};

/** `body.name` → ['name'], `body.address.city` → ['address', 'city']; querystring and params alike. */
export const fieldPathOf = (path: string): string[] =>
  path
    .replace(/^(body|querystring|params)\.?/, '')
    .split('.')
    .filter(Boolean);

/** The names of the fields a form has registered (Form.Items with a name). */
const registeredFields = (form: FormInstance): Set<string> => new Set(Object.keys(form.getFieldsValue() as object));

/**
 * Shows a refused save on the form: each `details[]` entry whose path names a field of this
 * form goes on that field (`body.name` → `name`); what names no field comes back as one message
 * for the form to show, so a 400 is never silent. `fields` narrows the fields when the form
 * holds fields the server does not know by the same name.
 */
export const showServerError = (
  form: FormInstance | null,
  t: TFunction,
  error: unknown,
  fields?: readonly string[],
): string | null => {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const known = fields ? new Set(fields) : form ? registeredFields(form) : new Set<string>();
  const onField = (detail: Detail) => known.has(fieldPathOf(detail.path)[0] ?? '');
  const onFields = error.details.filter(onField);
  // A specific refusal (`email_taken`) reads better in its own words than its detail message.
  const specific = error.code === 'validation_error' ? '' : t(`errors.${error.code}`, { defaultValue: '' });
  if (form && onFields.length) {
    const byField = new Map<string, string[]>();
    for (const detail of onFields) {
      const name = fieldPathOf(detail.path).join('.');
      byField.set(name, [...(byField.get(name) ?? []), specific || translateServerMessage(t, detail.message)]);
    }
    // A list's row is a number in antd's name path (`body.credentials.0.value` → ['credentials', 0, 'value']).
    const namePath = (name: string) => name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    form.setFields([...byField].map(([name, errors]) => ({ name: namePath(name), errors })));
  }
  const rest = error.details.filter((detail) => !onField(detail));
  if (onFields.length > 0 && rest.length === 0) return null;
  const general = t(`errors.${error.code}`, { defaultValue: '' }) || translateServerMessage(t, error.message);
  if (rest.length === 0)
    return error.code === 'validation_error' || error.code === 'conflict'
      ? translateServerMessage(t, error.message)
      : general;
  return `${general} — ${rest.map((detail) => `${fieldPathOf(detail.path).join('.') || detail.path}: ${translateServerMessage(t, detail.message)}`).join('; ')}`;
};
